/**
 * What the owner reads when the site cannot let him in by itself, in one wording wherever it shows
 * (the sign-in page, Forgot the password?, Settings). Plain words: he never runs the server.
 */
export const ownerPasswordTexts = {
  noPasswordYet: 'This site has no owner password yet. Whoever set up the site for you can give you one.',
  noMail:
    'This site cannot send e-mail yet, so no link can be sent. Whoever set up the site for you can set a new password.',
} as const;
