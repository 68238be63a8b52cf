import { defaultBusiness } from '@shared/content/business-facts';

/** The toasts after a quote request: the visitor learns at once whether it went, and what next. */
export const quoteToasts = {
  success: {
    title: 'Quote request submitted!',
    description: "We'll contact you within 24 hours to discuss your project.",
    duration: 5000,
  },
  failure: {
    title: 'Error submitting request',
    description: `Please try again or call us at ${defaultBusiness.phoneDisplay}`,
    variant: 'destructive',
  },
} as const;

/** The failure toast with the phone number the page shows (the owner's saved one, else the default). */
export function quoteFailureToast(phoneDisplay: string) {
  return { ...quoteToasts.failure, description: `Please try again or call us at ${phoneDisplay}` };
}
