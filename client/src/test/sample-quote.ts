/** A quote request as the form sends it and keeps it on the device, for tests of the form's storage and sending. */
export const sampleQuote = {
  payload: {
    name: 'Jamie Rivera',
    phone: '(928) 555-0199',
    email: 'jamie@example.com',
    projectType: 'Deck',
    city: 'Payson',
    budgetRange: 'Not sure yet',
  },
  signals: { idempotencyKey: '3f1c2b9e-0b7a-4c55-9a53-3c0f1b2e6a11', fillMs: 5400, honeypot: '' },
} as const;
