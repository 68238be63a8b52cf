/**
 * Business facts: the one place to change the phone number, e-mail, licence and links.
 * Everything on the site (header, footer, action bar, toasts, legal pages, structured data)
 * reads from here. The values below are placeholders: replace them with the real ones.
 */
export const business = {
  name: 'Rim Country Carpentry',
  legalName: 'Rim Country Carpentry & Remodeling',
  ownerName: 'Dale Hartman',
  ownerTitle: 'Master Carpenter & Owner',
  /** Shown to visitors. */
  phoneDisplay: '(928) 555-0147',
  /** Used in tel: and sms: links (E.164). */
  phoneE164: '+19285550147',
  email: 'quotes@rimcountrycarpentry.example',
  /** Arizona Registrar of Contractors licence, required on contractor advertising. */
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

export type Business = typeof business;

export const telHref = `tel:${business.phoneE164}`;
export const smsHref = `sms:${business.phoneE164}`;
export const mailHref = `mailto:${business.email}`;
