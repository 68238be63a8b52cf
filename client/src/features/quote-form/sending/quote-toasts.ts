import { business } from '@shared/content/business';

/** The spec's toasts for a quote request (point 8). */
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
