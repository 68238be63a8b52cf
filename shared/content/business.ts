/**
 * Business facts: the one place to change the phone number, e-mail, licence and links.
 * Everything on the site (header, footer, action bar, toasts, legal pages, structured data)
 * reads from here. The values below are placeholders: replace them with the real ones.
 */
export const business = {
  /** The one name used everywhere: header, footer, copyright, legal pages, e-mails, search results. */
  name: 'Rim Country Carpentry',
  ownerName: 'Dale Hartman',
  ownerTitle: 'Master Carpenter & Owner',
  /** Shown to visitors. */
  phoneDisplay: '(928) 555-0147',
  /** Used in tel: and sms: links (E.164). */
  phoneE164: '+19285550147',
  email: 'quotes@rimcountrycarpentry.example',
  /**
   * Arizona Registrar of Contractors licence, written "ROC" plus the number as the Registrar asks
   * of contractor advertising (A.R.S. 32-1124). Shown on the home page's first screen, the footer,
   * the about page and service pages, each linking to the Registrar's contractor search.
   */
  rocLicense: 'ROC 000000',
  yearsExperience: '35+',
  homeTown: 'Payson',
  region: 'AZ',
  serviceAreaText:
    'Serving Payson, Strawberry, Pine and all of Northern Arizona. Will travel to Phoenix for larger projects.',
  phoenixNote: 'Will travel to Phoenix for larger projects',
  responseTime: 'typically respond to quote requests within 24 hours during business days',
  hours: {
    /** Schema.org style opening hours, used by structured data and the contact page. */
    display: 'Monday to Friday, 7 am to 5 pm',
    openingHours: ['Mo-Fr 07:00-17:00'],
  },
  slogans: {
    primary: 'INVEST IN YOUR NEST',
    secondary: 'Do it once. Do it right.',
  },
  /** Footer outbound link to a relative's music website. */
  musicSite: {
    label: 'Music by the Hartman Family Band',
    url: 'https://music.example.com/hartman-family-band',
  },
  /** The song video linked from the story on the about page. */
  songVideo: {
    label: 'the song that started it all',
    url: 'https://video.example.com/watch/sawdust-and-sunshine',
  },
  /**
   * Where a homeowner leaves a Google review: the review request's Google link (/r/<token>) sends
   * them here. A placeholder until replaced: in the Google Business Profile, "Ask for reviews"
   * gives this link (https://g.page/r/<your id>/review). `npm run check:launch` flags it.
   */
  googleReviewUrl: 'https://g.page/r/YOUR-PLACE-ID/review',
  /** Pine bundle firewood stand. */
  pineBundles: {
    priceDollars: 5,
    hours: 'Daily, sunrise to sunset',
    standName: 'Pine Bundle Stand',
    /** Where the stand is; used for the map link. */
    mapQuery: 'Pine, AZ 85544',
    paymentApps: ['Venmo', 'Cash App'] as const,
  },
} as const;

export const telHref = `tel:${business.phoneE164}`;
export const smsHref = `sms:${business.phoneE164}`;
export const mailHref = `mailto:${business.email}`;
/** The Arizona Registrar of Contractors' public contractor search, where visitors can check the licence. */
export const rocSearchUrl = 'https://azroc.my.site.com/AZRoc/s/contractor-search';
