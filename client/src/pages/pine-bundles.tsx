import {
  ArrowDown,
  Car,
  Clock,
  Flame,
  HandCoins,
  MapPin,
  PackageOpen,
  QrCode,
  RefreshCw,
  Smartphone,
} from 'lucide-react';
import { business } from '@shared/content/business';
import { pineBundlesContent as content } from '@shared/content/pine-bundles';
import { paths } from '@shared/routes';
import { Seo } from '@/components/seo';
import { Island } from '@/components/island';
import { buttonVariants } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { usePhotoCheck } from '@/lib/photos';
import { SectionHeading } from '@/components/ui/section-heading';
import { SiteLink } from '@/components/ui/site-link';
import { cn } from '@/lib/utils';
import { BelowTheFold } from '@/components/below-the-fold';

const { pineBundles } = business;
const payNowHref = `${paths.pineBundles}#pay-now`;
const pickupHref = `${paths.pineBundles}#pickup`;
const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(pineBundles.mapQuery)}`;
const stepIcons = [PackageOpen, HandCoins, Flame] as const;

/** 'Cash App' -> 'qr/cash-app': the QR image of each payment app. */
const qrImageName = (app: string) => `qr/${app.toLowerCase().replace(/\s+/g, '-')}`;

export default function PineBundlesPage() {
  return (
    <>
      <Seo
        title="Pine Firewood Bundles, $5 Each"
        description={`Split, seasoned ponderosa pine firewood bundles for $${pineBundles.priceDollars} each at our honor-system roadside stand in Pine, AZ. Open ${pineBundles.hours.toLowerCase()}; pay with ${pineBundles.paymentApps.join(' or ')}.`}
        path={paths.pineBundles}
        imageKey="pine-bundles"
      />
      <Hero />
      <BelowTheFold estimate="200rem">
        <HowItWorks />
        <PayNow />
        <PickupInfo />
        <Faqs />
        <FireSafety />
      </BelowTheFold>
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="pine-title" className="wood-grain text-white">
      <div className="container-site grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-16">
        <div className="max-w-2xl">
          <p className="text-sm font-bold tracking-[0.18em] text-wood-200 uppercase">Roadside Firewood · Pine, AZ</p>
          <h1 id="pine-title" className="mt-3 text-4xl leading-tight font-bold text-white sm:text-5xl lg:text-6xl">
            Pine Bundles <span className="text-wood-200">Five Dollars Each</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-cream-100 sm:text-xl">{content.heroText}</p>
          <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap">
            {pineBundles.paymentApps.map((app, i) => (
              <SiteLink
                key={app}
                href={payNowHref}
                className={buttonVariants({ variant: i === 0 ? 'primary' : 'light', size: 'lg' })}
              >
                <Smartphone aria-hidden="true" />
                Pay with {app}
              </SiteLink>
            ))}
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Island
              name="share"
              props={{
                title: 'Pine Bundles, Five Dollars Each',
                text: `Seasoned pine firewood bundles, $${pineBundles.priceDollars} each, at the ${pineBundles.standName}.`,
                variant: 'ghostLight',
              }}
            />
            <SiteLink href={pickupHref} className={buttonVariants({ variant: 'linkLight' })}>
              <MapPin aria-hidden="true" />
              Pickup details
              <ArrowDown aria-hidden="true" />
            </SiteLink>
          </div>
        </div>
        <PriceBadge />
      </div>
    </section>
  );
}

function PriceBadge() {
  return (
    <div className="mx-auto hidden size-64 flex-col items-center justify-center rounded-full border-4 border-dashed border-wood-300/60 bg-pine-950/70 text-center shadow-2xl sm:flex lg:size-72">
      <p className="text-sm font-bold tracking-[0.18em] text-wood-200 uppercase">Honor System</p>
      <p className="mt-1 font-display text-7xl font-extrabold text-white lg:text-8xl">${pineBundles.priceDollars}</p>
      <p className="text-lg font-semibold text-cream-100">per bundle</p>
      <p className="mt-3 max-w-[11rem] text-sm text-cream-200">{pineBundles.hours}</p>
    </div>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="container-site py-16 sm:py-20">
      <SectionHeading id="how-title" eyebrow="Honor System" title="How It Works">
        No cashier, no waiting. Our neighbors keep this stand running on trust.
      </SectionHeading>
      <ol className="mt-10 grid gap-5 md:grid-cols-3">
        {content.howItWorks.map((step, i) => {
          const Icon = stepIcons[i] ?? Flame;
          return (
            <li key={step.title} className="relative rounded-2xl border border-cream-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-xl bg-pine-800 text-wood-200">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="font-display text-sm font-bold tracking-[0.14em] text-rim-600 uppercase">
                  Step {i + 1}
                </span>
              </div>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="mt-2 text-ink-soft">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function PayNow() {
  const isPhoto = usePhotoCheck();
  return (
    <section id="pay-now" aria-labelledby="pay-title" className="bg-pine-50 outline-none">
      <div className="container-site py-16 sm:py-20">
        <SectionHeading id="pay-title" eyebrow={`$${pineBundles.priceDollars} per bundle`} title="Pay Now">
          Scan the code for your app and pay ${pineBundles.priceDollars} for each bundle you take.
        </SectionHeading>
        <ul className="mx-auto mt-10 grid max-w-3xl gap-5 sm:grid-cols-2">
          {pineBundles.paymentApps.map((app) => (
            <li
              key={app}
              className="flex flex-col items-center rounded-2xl border border-cream-200 bg-white p-6 text-center shadow-sm"
            >
              <h3 className="inline-flex items-center gap-2 text-xl font-bold">
                <QrCode aria-hidden="true" className="size-5 text-rim-600" />
                {app}
              </h3>
              {isPhoto(qrImageName(app)) ? (
                <>
                  <Picture
                    name={qrImageName(app)}
                    kind="qr"
                    alt={`${app} QR code`}
                    sizes="15rem"
                    className="mt-4 block w-full max-w-60"
                    imgClassName="aspect-square h-auto w-full rounded-xl border-2 border-cream-200"
                  />
                  <p className="mt-4 text-sm text-ink-muted">
                    Open {app} and scan to pay ${pineBundles.priceDollars} per bundle.
                  </p>
                </>
              ) : (
                // Until the real code is in images/qr/, a box that cannot be mistaken for one to scan.
                <>
                  <div
                    role="img"
                    aria-label={`${app} QR code placeholder`}
                    className="mt-4 flex aspect-square w-full max-w-60 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-wood-300 bg-cream-50 p-6 text-ink-muted"
                  >
                    <QrCode aria-hidden="true" className="size-14 text-wood-400" strokeWidth={1.25} />
                    <span className="font-semibold text-pine-900">QR code coming soon</span>
                  </div>
                  <p className="mt-4 text-sm text-ink-muted">
                    The {app} code is posted at the stand: scan it there to pay ${pineBundles.priceDollars} per bundle.
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 flex max-w-3xl items-start gap-3 rounded-xl border border-wood-200 bg-wood-50 p-4 text-ink sm:p-5">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-wood-600 text-white">
            <Smartphone aria-hidden="true" className="size-4" />
          </span>
          <span>
            <strong className="font-semibold text-pine-900">Add a payment note. </strong>
            {content.payNote}
          </span>
        </p>
      </div>
    </section>
  );
}

function PickupInfo() {
  const facts = [
    { icon: Clock, label: 'Hours', text: content.pickup.hours },
    { icon: RefreshCw, label: 'Stock', text: content.pickup.restock },
    { icon: Car, label: 'Parking', text: content.pickup.parking },
  ] as const;
  return (
    <section id="pickup" aria-labelledby="pickup-title" className="container-site py-16 outline-none sm:py-20">
      <SectionHeading id="pickup-title" eyebrow="Find the Stand" title="Pickup Info" />
      <div className="mx-auto mt-10 grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="flex flex-col rounded-2xl bg-pine-900 p-6 text-white shadow-sm sm:p-8">
          <MapPin aria-hidden="true" className="size-8 text-wood-300" />
          <h3 className="mt-4 text-2xl font-bold text-white">{content.pickup.standName}</h3>
          <p className="mt-2 text-cream-100">{content.pickup.directions}</p>
          <SiteLink href={mapUrl} className={cn(buttonVariants({ variant: 'light' }), 'mt-6 self-start')}>
            <MapPin aria-hidden="true" />
            Open in Google Maps
            <span className="sr-only"> (opens in a new tab)</span>
          </SiteLink>
        </div>
        <ul className="flex flex-col divide-y divide-cream-200 rounded-2xl border border-cream-200 bg-white px-6 shadow-sm sm:px-8">
          {facts.map(({ icon: Icon, label, text }) => (
            <li key={label} className="flex gap-4 py-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-pine-50 text-pine-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-bold tracking-[0.12em] text-ink-muted uppercase">{label}</span>
                <span className="mt-0.5 block text-lg text-pine-900">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Faqs() {
  return (
    <section aria-labelledby="faq-title" className="bg-cream-100">
      <div className="container-site py-16 sm:py-20">
        <SectionHeading id="faq-title" eyebrow="Questions" title="Frequently Asked Questions" />
        <Island
          name="faq"
          props={{
            faqs: content.faqs,
            className: 'mx-auto mt-10 max-w-3xl rounded-2xl border border-cream-200 bg-white px-5 shadow-sm sm:px-8',
          }}
        />
      </div>
    </section>
  );
}

function FireSafety() {
  return (
    <section aria-labelledby="fire-title" className="container-site py-16 sm:py-20">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 rounded-2xl border-l-4 border-rim-600 bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:flex-row sm:p-8">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-rim-600 text-white">
          <Flame aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 id="fire-title" className="text-2xl font-bold">
            Fire Safety First
          </h2>
          <p className="mt-2 text-ink-soft">{content.safetyNote}</p>
        </div>
      </div>
    </section>
  );
}
