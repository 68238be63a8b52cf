/** Signing in and out, the password reset, and the devices that get notifications. */
export { useSession, useSignOut } from './account-api';
export { PasswordSetNotice } from './forgot-password';
export { NotificationsCard } from './notifications-card';
export { registerInboxWorker } from './push';
export { ResetPasswordPage } from './reset-password-page';
export { SignInPage } from './sign-in-page';
export { SignOutEverywhereCard } from './sign-out-everywhere';
