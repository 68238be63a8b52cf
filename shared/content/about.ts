/** About page content. Plain typed data: business facts come from the facts the page shows (./business-facts). */
import { defaultBusiness, type Business } from './business-facts';

/** The about page's texts with the business's facts (the owner's saved phone and licence) in. */
export function aboutContentFor(business: Business) {
  const firstName: string = business.ownerName.split(' ')[0] ?? business.ownerName;
  return {
    intro: `Rim Country carpentry done by a craftsman who still shows up to do the work himself.`,

    biography: [
      `${business.ownerName} picked up his first hammer as a kid, sweeping sawdust and holding boards steady for the older carpenters he grew up around. By the time he was out of school he was framing houses and hanging doors, and he never really wanted to do anything else. With ${business.yearsExperience} years in the trade, he has built and repaired just about every part of a home, from the framing and roof to the trim, cabinets and tile.`,
      `${firstName} eventually settled in Rim Country, where he came to know the pine, the weather and the homes up here: cabins that see snow, monsoon rain and hard summer sun, often in the same year. He works out of ${business.homeTown} and serves neighbors in Strawberry and Pine, and he still makes the drive down to Phoenix for larger projects.`,
      `${business.name} is deliberately small. ${firstName} does the work himself alongside a small crew he trusts, so the person who walks your project with you is the same person cutting the boards. He answers his own phone, too, so when you call ${business.phoneDisplay} you get the carpenter, not a call center.`,
    ],

    story: {
      title: 'The Case of the Disappearing Pencils',
      paragraphs: [
        `Every carpenter keeps a pencil tucked behind one ear. One summer, while ${firstName} was building a deck behind the family house, his pencils started vanishing. He would set one down to make a cut, turn back, and it would be gone.`,
        `At first he blamed the wind. Then he blamed the crew, who all swore they were innocent. Then he started to wonder if the years were catching up with him, and he took to buying pencils by the box.`,
        `The mystery was finally solved when he crawled under the finished deck to check a post and found the family dog lying on a neat little pile of chewed-up pencils, looking very pleased with herself. She had been quietly collecting them all summer long, one at a time.`,
      ],
      beforeLink: `The family never let him live it down. Before long, one of the musicians in the family had turned the whole saga into a song about sawdust, sunshine and a very sneaky dog. You can `,
      linkText: 'watch the song video',
      afterLink: ` and decide for yourself whether the dog deserves a share of the credit. These days, ${firstName} keeps his pencils in his shirt pocket.`,
    },

    values: [
      {
        title: 'Precision & Craftsmanship',
        text: `We measure carefully, cut carefully and check our work before we call it done. Square corners, tight joints and clean lines are not extras here; they are simply how the job is supposed to be built.`,
      },
      {
        title: 'Respect & Cleanup',
        text: `We treat your home like the place you live, because it is: floors get covered, dust gets contained and we show up when we say we will. At the end of each day the work area is picked up, and when the project is finished we haul away the debris.`,
      },
    ],

    certifications: {
      title: 'Certifications & Insurance',
      items: [
        {
          title: 'Licensed',
          text: `Licensed by the Arizona Registrar of Contractors under ${business.rocLicense}. You can look up our license status on the Registrar's website at any time.`,
        },
        {
          title: 'Insured',
          text: `We carry general liability insurance on every job. A certificate of insurance is available on request before any work begins.`,
        },
        {
          title: 'Certified',
          text: `Trained in EPA RRP lead-safe work practices for homes built before 1978. We also follow the manufacturer's installation guidelines for the products we install, so their warranties stay intact.`,
        },
      ],
    },

    safetyPractices: [
      'Lead-safe work practices in homes built before 1978',
      'Dust containment and floor protection in every work area',
      'Moisture checks before closing up walls, floors or showers',
      'Job sites secured and tools put away at the end of each day',
      'Ladders, scaffolding and fall protection set up properly',
      'Utilities located and shut off before demolition',
      'Debris hauled away, with no nails or offcuts left in your yard',
    ],

    tools: {
      title: 'Tools & Capabilities',
      items: [
        'Full mobile shop with table saw and miter stations',
        'Laser levels for true, level and plumb layout',
        'Moisture meters for wood, subfloors and drywall',
        'Dust extraction on cutting and sanding tools',
        'Scaffolding and ladders for roofs, siding and tall walls',
        'Trailer for material delivery and debris haul-away',
        'Finish carpentry tools for trim, cabinets and mantels',
      ],
    },

    philosophy: {
      title: 'Our Philosophy',
      paragraphs: [
        `${business.slogans.primary}. Your home is likely the biggest investment you will ever make, and every repair or remodel should add to its value instead of creating the next problem. That means honest advice about what needs doing now, what can wait, and which materials will hold up to Rim Country weather.`,
        `${business.slogans.secondary} We would rather take the extra hour to fix rot at its source, flash a window properly or shim a cabinet until it is dead level than come back next year to fix a shortcut. Work done right the first time costs less in the long run, and it is the only kind of work we want our name on.`,
      ],
    },

    serviceAreaBadge: 'Proudly serving Payson, Strawberry, Pine & Northern Arizona',
  } as const;
}

/** With the defaults of shared/content/business.ts. */
export const aboutContent = aboutContentFor(defaultBusiness);
