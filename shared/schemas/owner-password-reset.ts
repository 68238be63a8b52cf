import { z } from 'zod';

/**
 * "Forgot the password?": the link `/owner/reset/<token>` and what its page sends. The token is 32
 * random bytes in base64url (43 characters); anything else is no link of ours.
 */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const resetLinkMinutes = 30;

/** POST /api/owner/password-reset/check: what the link's page shows first. */
export const resetCheckSchema = z.object({ token: z.string().max(200) });

/** POST /api/owner/password-reset/password: **New password**, **Repeat the new password**. */
export const newPasswordSchema = z
  .object({
    token: z.string().max(200),
    password: z.string().min(1, 'Enter the new password.').max(1000),
    repeat: z.string().max(1000),
  })
  .refine((entry) => entry.password === entry.repeat, {
    message: 'The two passwords are not the same.',
    path: ['repeat'],
  });

/** What a link is: `valid` until it set a password (`used`) or its 30 minutes ran out (`expired`). */
export const resetLinkStates = ['valid', 'used', 'expired', 'unknown'] as const;
export type ResetLinkState = (typeof resetLinkStates)[number];

/** The page of a link that can no longer set a password, per state. */
export const resetLinkTexts: Record<Exclude<ResetLinkState, 'valid'>, { title: string; body: string }> = {
  used: {
    title: 'This link has been used',
    body: 'A link sets a new password once. If the password is set, sign in with it; if you still need a new one, ask for another link on the sign-in page.',
  },
  expired: {
    title: 'This link has expired',
    body: `A link works for ${resetLinkMinutes} minutes. Ask for a new one on the sign-in page: tap “Forgot the password?”.`,
  },
  unknown: {
    title: 'This link does not work',
    body: 'It may have been cut short by the mail app. Open the whole link from the e-mail, or ask for a new one on the sign-in page.',
  },
};

/** GET /api/owner/password-reset: whether a link can be sent at all (mail set up, an address for the owner). */
export interface ResetAvailability {
  available: boolean;
}

/** POST /api/owner/password-reset, sent: where the link went, masked (`d•••@gmail.com`). */
export interface ResetLinkSent {
  sent: true;
  to: string;
}

/** What the sign-in page says once a link is on its way. */
export const resetSentText = (maskedAddress: string) =>
  `A link to set a new password is on its way to ${maskedAddress}. It works once, for ${resetLinkMinutes} minutes.`;
