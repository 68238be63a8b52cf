import type { BusinessDetailsForm } from '@shared/schemas/business-details';

/**
 * The owner's own details as he fills /owner/settings, every one of them real (none left at
 * shared/content/business.ts's placeholder), every day closed: what the launch list and the
 * old-address notice read. Add `currentPassword` where the E-mail changes.
 */
export const ownBusinessDetails: Omit<BusinessDetailsForm, 'currentPassword'> = {
  phone: '928-468-1234',
  email: 'dale@rimcountry.com',
  rocLicense: 'roc123456',
  googleReviewUrl: 'https://g.page/r/CbQx1aZ9rK2mEBM/review',
  hours: Array.from({ length: 7 }, () => ({ closed: true, open: '', close: '' })),
  musicSiteUrl: 'https://hartmanfamilyband.com/',
  songVideoUrl: 'https://www.youtube.com/watch?v=abc123',
};
