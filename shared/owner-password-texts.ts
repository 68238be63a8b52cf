/**
 * What the owner reads when the site cannot let him in by itself, in one wording wherever it shows
 * (the sign-in page, Forgot the password?, Settings). Plain words: he never runs the server.
 */
export const ownerPasswordTexts = {
  noPasswordYet:
    'This site has no owner password yet. Open its set-up link to set one: the site writes the link in its log each time it starts (the line with /owner/setup/ in it), and e-mails it to you once it can send e-mail.',
  noMail:
    'This site cannot send e-mail yet, so no link can be sent. Whoever set up the site for you can set a new password.',
} as const;
