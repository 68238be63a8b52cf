import { business } from '@shared/content/business';

/** The toasts after a quote request: the visitor learns at once whether it went, and what next. */
export const quoteToasts = {
  success: {
    title: 'Quote request submitted!',
    description: "We'll contact you within 24 hours to discuss your project.",
    duration: 5000,
  },
  failure: {
    title: 'Error submitting request',
    description: `Please try again or call us at ${business.phoneDisplay}`,
    variant: 'destructive',
  },
} as const;
