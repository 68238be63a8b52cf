/** Pine bundle firewood stand page content. Plain typed data: stand facts come from ./business. */
import { business } from './business';

const { pineBundles } = business;
const price = `$${pineBundles.priceDollars}`;
const apps = pineBundles.paymentApps.join(' or ');

export const pineBundlesContent = {
  heroTitle: 'Pine Bundles Five Dollars Each',
  heroText: `Split, seasoned ponderosa pine bundles, ready for campfires and fireplaces, for just ${price} each. Our roadside stand runs on the honor system, so stop by any time it is open.`,

  howItWorks: [
    {
      title: 'Grab a Bundle',
      text: `Pull over at the stand and pick out as many bundles as you need. Each one is split, seasoned and tied up ready to burn.`,
    },
    {
      title: 'Pay Five Dollars',
      text: `Pay ${price} per bundle with ${apps} by scanning the QR code on the sign. It's all on the honor system, and we trust our neighbors.`,
    },
    {
      title: 'Enjoy',
      text: `Light it up in your fireplace or at the campfire ring, and enjoy a warm Rim Country evening.`,
    },
  ],

  payNote: `When you pay, please add your initials or license plate in the payment note so we can match payments to bundles.`,

  pickup: {
    standName: pineBundles.standName,
    hours: pineBundles.hours,
    restock: 'Restocked multiple times a day',
    parking: 'Park with your hazards on if needed and please keep the driveway clear.',
    directions: `You'll find the ${pineBundles.standName} on the roadside in Pine; just look for the pine bundles sign.`,
  },

  faqs: [
    {
      question: 'I only have a card. Can I still buy a bundle?',
      answer: `Yes. Scan the QR code on the sign with ${apps}, and you can pay with the card linked to your account.`,
    },
    {
      question: 'I want more than one bundle. How do I pay?',
      answer: `Take as many as you need and pay ${price} per bundle in one payment. For example, three bundles is $${pineBundles.priceDollars * 3}.`,
    },
    {
      question: 'The stand is empty. What should I do?',
      answer: `Check back soon! The stand is restocked multiple times a day, so fresh bundles are usually on the way.`,
    },
  ],

  safetyNote: `Before you light a campfire, check the current Tonto National Forest fire restrictions. Restrictions change with the season and fire danger, and campfires may be banned even when the stand is open. Never leave a fire unattended, and make sure it is dead out before you leave.`,
} as const;
