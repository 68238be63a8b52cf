/**
 * Privacy policy and terms of service. Plain typed data: business facts come from ./business.
 * No date here: the page renders "Last updated" itself.
 */
import { defaultBusiness, type Business } from './business-facts';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** The privacy policy with the business's facts (the owner's saved e-mail and phone) in. */
export function privacyPolicyFor(business: Business) {
  return {
    title: 'Privacy Policy',
    intro: `${business.name} ("we", "us", "our") respects your privacy. This policy explains, in plain language, what information we collect through this website, how we use it and the choices you have. We are a small local contractor: we collect only what we need to answer your questions and quote your project.`,
    sections: [
      {
        heading: 'Information We Collect',
        paragraphs: [
          `Most of what we know about you is what you choose to tell us. When you send a quote request or contact form, we collect the details you enter, including any photos you upload.`,
          `We also keep basic server logs, as nearly every website does. These record technical details such as your IP address, browser type, the pages you visited and the date and time of your visit. We use them to keep the site running and secure, not to build a profile of you.`,
          `In short, the information we collect includes:`,
        ],
        list: [
          'Your name',
          'Your phone number',
          'Your e-mail address',
          'Your city or the location of the project',
          'The type of project',
          'Your budget range, if you choose to share it',
          'Your message and any other details you include',
          'Photos you upload of your home or project',
          'Basic server log data, such as IP address, browser type, pages visited and the date and time of each visit',
          'When you approve an estimate online: the name you type as your signature, the date and time, the options you chose, your IP address and browser, and a fingerprint (a SHA-256 hash) of the estimate exactly as it was sent to you, so that both of us can show what was agreed',
        ],
      },
      {
        heading: 'How We Use Information',
        paragraphs: [`We use the information you give us to:`],
        list: [
          'Respond to your questions and quote requests',
          'Prepare estimates, schedule site visits and plan your project',
          'Contact you by phone, text or e-mail about your request or project',
          'Keep records of estimates, contracts and completed work',
          'Keep the website working, secure and free of spam and abuse',
          'Meet our legal, tax and licensing obligations',
        ],
      },
      {
        heading: 'How We Share Information',
        paragraphs: [
          `We do not sell, rent or trade your personal information, and we do not share it with advertisers or marketing lists.`,
          `We share information only in these limited cases:`,
        ],
        list: [
          'With service providers who help us run this website, such as our hosting provider and the service that stores uploaded photos. They may use your information only to provide that service to us.',
          'With suppliers or trusted subcontractors, only as needed to carry out a project you have hired us for.',
          'When required by law, such as in response to a subpoena or court order, or to protect our rights, property or safety or that of others.',
          'With your permission, in any other case.',
        ],
      },
      {
        heading: 'Text Messages',
        paragraphs: [
          `We text you only if you tick "Text me about my request" on our quote form, or if you text us first. Our texts are about your request: that we received it, your estimate visit and its reminder, and your written estimate. Message frequency varies. Message and data rates may apply.`,
          `Reply STOP to any of our texts to stop them at once, START to receive them again, and HELP for help. Your number and our texts are sent through our text message provider (Twilio) only to deliver them; we never share your number for marketing, and consent to texts is never a condition of a quote.`,
        ],
      },
      {
        heading: 'How Long We Keep It',
        paragraphs: [
          `We keep quote requests and the photos that come with them for as long as we need them to respond to you and, if you hire us, to complete your project and stand behind our work.`,
          `Contracts, invoices and related records may be kept longer where tax, licensing or warranty obligations require it. Server logs are kept only for a short time unless we need them to investigate a security problem. When information is no longer needed, we delete it.`,
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          `We use reasonable measures to protect your information, including encrypted (HTTPS) connections to this website and limiting access to the people who need it to do their jobs.`,
          `No website or storage system is perfectly secure, so we cannot guarantee absolute security. Please do not send sensitive information such as bank or card numbers through our forms.`,
        ],
      },
      {
        heading: 'Your Rights and Choices',
        paragraphs: [
          `You can ask us to show you the personal information we hold about you, correct anything that is wrong, or delete it. Just contact us using the details below and we will take care of it within a reasonable time.`,
          `We may need to keep some records, such as signed contracts and invoices, where the law requires it; if so, we will tell you. You can also ask us to stop contacting you at any time.`,
        ],
      },
      {
        heading: 'Cookies and Your Browser',
        paragraphs: [
          `This website does not use tracking cookies or advertising cookies, and we do not use third-party advertising networks to follow you around the web.`,
          `So that nothing you type is lost, the quote form keeps a draft of what you enter (and the address of a photo you have uploaded, never the photo itself) in your browser's local storage on this device, and puts it back when you return to the form. If your connection drops when you send a request, the request is kept there too and sent as soon as the connection is back; after it is sent, we keep a short note of the project and city there to show you what was sent. This information stays on your device: it is not a cookie and is not sent to us until you send your request. The draft is deleted when your request is sent, when you press 'Clear form', or after 30 days; you can also delete it at any time by clearing your browser's site data.`,
          `To learn which of our advertising and listings bring us work, the site also notes in your browser's local storage how you came to it: the first page you opened, the name of the website that sent you (such as google.com, never the page or what you searched for), and the campaign tags in the link (such as "utm_source=facebook" or an ad's click number), for your first visit and your latest visit from a link or another site. This note stays on your device for 90 days and is sent to us only together with a quote request, so that we can see, for example, that a request came from our Google ad. When you tap our phone or text link, the site tells us only that a call or text was started from that page and where visits like yours came from, never who you are or your number. We use this only to count which of our advertising works; we do not share it and there is no third-party tracking script. Clearing your browser's site data deletes it.`,
          `To know how many people read the site and which pages, the site counts each page you are shown, without a cookie and without anything kept in your browser: when a page has loaded, it tells our own server (never another company) the page's address, the name of the website that sent you (such as google.com) and the campaign tags of the link you came by. Our server adds the kind of device (phone, tablet or computer) and, so that one visitor counts once a day, a code made from your internet address and browser with a secret that changes every day and is deleted after 48 hours. Your internet address and browser details are not stored with the count, and once the day's secret is deleted the code cannot be linked back to anyone. The page counts are kept for 90 days, the daily totals longer. If your browser sends Do Not Track or Global Privacy Control, nothing is counted.`,
          `When you arrive through a link with campaign tags (such as one of our ads), the website also sets one cookie of its own, named "rcc_campaign", holding the same note of that arrival: the page you landed on with its campaign tags, and the name of the website that sent you. It lets a quote request sent without JavaScript still tell us which ad brought you. Your browser sends it only to this website, it is deleted after 30 days, and it is read only when you send a quote request; you can delete it at any time by clearing your browser's cookies for this site.`,
        ],
      },
      {
        heading: "Children's Privacy",
        paragraphs: [
          `This website is meant for adults planning work on their homes. It is not directed at children under 13, and we do not knowingly collect personal information from them. If you believe a child has sent us information, contact us and we will delete it.`,
        ],
      },
      {
        heading: 'Changes to This Policy',
        paragraphs: [
          `We may update this policy from time to time, for example if we change how the website works. When we do, we will post the updated version on this page and change the "Last updated" date. Changes apply from the date they are posted.`,
        ],
      },
      {
        heading: 'Contact Us',
        paragraphs: [
          `If you have questions about this policy or want to access, correct or delete your information, contact ${business.name} by e-mail at ${business.email} or by phone at ${business.phoneDisplay}.`,
        ],
      },
    ],
  } as const satisfies LegalDocument;
}

/** The terms of service with the business's facts in. */
export function termsOfServiceFor(business: Business) {
  return {
    title: 'Terms of Service',
    intro: `These terms explain the rules for using this website and how estimates and work from ${business.name} ("we", "us", "our") are handled. By using this website, you agree to these terms. If you hire us, your written contract governs the project, and it takes priority over anything on this website if the two ever differ.`,
    sections: [
      {
        heading: 'Services',
        paragraphs: [
          `${business.name} provides carpentry, repair and home remodeling services in Payson, Strawberry, Pine and the surrounding areas of Northern Arizona, and takes on larger projects in the Phoenix area.`,
          `The services described on this website are examples of the work we do. Whether we can take on a particular project depends on its scope, location and our schedule.`,
        ],
      },
      {
        heading: 'Estimates and Quotes',
        paragraphs: [
          `Estimates are free. A quote is our good-faith estimate based on the information and photos you provide and what we see on a site visit.`,
          `A quote is not a binding agreement. Neither you nor we are committed to any work until we both sign a written agreement. Prices can change if the scope changes or if hidden conditions are found once work begins, such as rot, water damage or framing problems; any change will be discussed with you and put in writing before we proceed.`,
          `Information on this website, including descriptions of services, materials, typical timelines and care tips, is general information only. It is not a quote, a guarantee or professional advice for your specific home.`,
        ],
      },
      {
        heading: 'Payment',
        paragraphs: [
          `Payment terms, including the price, any deposit and the payment schedule, are set out in the written agreement for each project.`,
          `A deposit may be required before work is scheduled or materials are ordered, as allowed by Arizona law. This website does not accept online payments, and we will never ask you to enter card or bank details on it.`,
        ],
      },
      {
        heading: 'Warranty',
        paragraphs: [
          `We stand behind our work. The workmanship warranty for each project, including what it covers and for how long, is stated in the written contract for that project.`,
          `Products and materials we install, such as windows, doors, flooring, roofing and fixtures, carry their manufacturers' own warranties, which we pass through to you. We follow manufacturer installation guidelines so those warranties remain valid.`,
          `Warranties do not cover damage caused by misuse, lack of normal maintenance, later alterations by others, or events outside our control such as storms, fire or flooding.`,
        ],
      },
      {
        heading: 'Limitation of Liability',
        paragraphs: [
          `This website and its content are provided "as is". We work to keep it accurate, but we do not promise that it is complete, current or free of errors, and we are not responsible for decisions made based only on general information found here.`,
          `To the extent allowed by law, we are not liable for indirect or consequential losses arising from your use of this website. Our responsibilities for any project are those set out in its written contract and those that Arizona law requires; nothing in these terms limits rights you have under the law that cannot be waived.`,
        ],
      },
      {
        heading: 'Cancellation',
        paragraphs: [
          `You may cancel a project as described in its written contract, which explains how to cancel and how payment is handled for work already done or materials already ordered.`,
          `If you sign a contract at your home after we came there to sell you the work, Arizona's home solicitation sales law may give you the right to cancel within three business days after signing, without penalty. Where that right applies, your contract will include a written notice explaining it and how to use it.`,
        ],
      },
      {
        heading: 'Licensing',
        paragraphs: [
          `${business.name} is licensed by the Arizona Registrar of Contractors, license ${business.rocLicense}.`,
          `You can verify our license, and if you have a concern about workmanship that we have not resolved, you can file a complaint with the Arizona Registrar of Contractors. The Registrar's contact information is available on its official website. Homeowners who hire a licensed residential contractor may also be eligible for the Residential Contractors' Recovery Fund administered by the Registrar.`,
        ],
      },
      {
        heading: 'Website Use',
        paragraphs: [
          `Text, photos and other content on this website belong to ${business.name} or are used with permission, and may not be copied for commercial use without our written consent. Any photos you upload remain yours; you allow us to use them to review and quote your project.`,
          `You are welcome to use this website to learn about our services and contact us. When you use it, please do not:`,
        ],
        list: [
          'Submit false information or requests on behalf of someone else without their permission',
          'Upload photos or files that you do not have the right to share, or that contain anything unlawful or harmful',
          'Try to disrupt, overload or gain unauthorized access to the website or its systems',
          'Use automated tools to send spam or copy content from the website',
        ],
      },
      {
        heading: 'Governing Law',
        paragraphs: [
          `These terms are governed by the laws of the State of Arizona. Any dispute about this website or these terms will be handled in the courts of Arizona, unless your written contract for a project says otherwise.`,
        ],
      },
      {
        heading: 'Changes to These Terms',
        paragraphs: [
          `We may update these terms from time to time. When we do, we will post the updated version on this page and change the "Last updated" date. Changes do not affect a written contract you have already signed.`,
        ],
      },
      {
        heading: 'Contact Us',
        paragraphs: [
          `If you have questions about these terms, contact ${business.name} by e-mail at ${business.email} or by phone at ${business.phoneDisplay}.`,
        ],
      },
    ],
  } as const satisfies LegalDocument;
}

export const privacyPolicy = privacyPolicyFor(defaultBusiness);
export const termsOfService = termsOfServiceFor(defaultBusiness);
