import type { ResetLinkState } from './owner-password-reset';

/**
 * The owner's first password without a shell: `/owner/setup/<token>`, made at each start of a site
 * with no owner password (written to the log, and e-mailed to him once mail works). Its page has the
 * reset page's form and sends what it sends (resetCheckSchema, newPasswordSchema) to
 * /api/owner/setup/check and /api/owner/setup/password; the token is 32 random bytes in base64url.
 */
export const setupLinkHours = 24;

/** The address of a set-up link: what the log line and the e-mail hold. */
export const setupPath = (token: string) => `/owner/setup/${token}`;

/** GET /api/owner/setup: whether the owner has a password yet (without one, /owner shows no sign-in form). */
export interface SetupStatus {
  passwordSet: boolean;
}

/** The page of a set-up link that can no longer set the password, per state. */
export const setupLinkTexts: Record<Exclude<ResetLinkState, 'valid'>, { title: string; body: string }> = {
  used: {
    title: 'This link has been used',
    body: 'The site has its owner password now. Sign in with it; if it is lost, tap “Forgot the password?” on the sign-in page.',
  },
  expired: {
    title: 'This link has expired',
    body: `A set-up link works for ${setupLinkHours} hours. The site makes a new one each time it starts, in the same place you found this one.`,
  },
  unknown: {
    title: 'This link does not work',
    body: 'It may have been cut short. Copy the whole link, from the site’s log or from your e-mail, and open it again.',
  },
};

/** What the set-up page says above its form. */
export const setupPageText = {
  title: 'Set your password',
  intro: 'Choose the password you will sign in with. Setting it signs you in here.',
} as const;
