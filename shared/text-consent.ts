/**
 * The quote form's optional checkbox for texts (both forms, with and without scripts): posted as
 * `textConsent: true` beside the request (server/routes/quote-requests.ts reads it as it reads the
 * spam signals), never a stored field of the request. The terms are the line carriers require.
 */
export const textConsentField = 'textConsent';
export const textConsentLabel = 'Text me about my request';
export const textConsentTerms =
  'Optional. Message frequency varies. Message and data rates may apply. Reply STOP to opt out, HELP for help.';
