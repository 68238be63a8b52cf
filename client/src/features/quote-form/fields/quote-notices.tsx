import { CalendarCheck, CircleAlert, CircleCheck, CloudOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { telHrefOf } from '@shared/content/business-facts';
import { useBusiness } from '@/lib/site-content';
import { cn } from '@/lib/utils';

/** The business phone as a link a phone can call with one tap. */
function PhoneLink({ className }: { className?: string }) {
  const business = useBusiness();
  const telHref = telHrefOf(business);
  return (
    <a
      href={telHref}
      className={cn('font-semibold whitespace-nowrap text-pine-900 underline underline-offset-4', className)}
    >
      {business.phoneDisplay}
    </a>
  );
}

const confirmationTitle = 'Your quote request was sent';

/**
 * Stays above the form after a request was stored, until the visitor starts a new one: what was
 * sent, when to expect an answer, and the phone (the toast alone vanishes after 5 seconds).
 */
export function QuoteConfirmation({
  sent,
  onNewRequest,
  reveal = false,
}: {
  /** `visitUrl`: the request's booking page, offered as the next step. */
  sent: { projectType: string; city: string; visitUrl?: string };
  /** Offers 'Start a new request' when given. */
  onNewRequest?: () => void;
  /** Scrolls it into view (it appears above the form, the button is at its end). */
  reveal?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reveal) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [reveal]);
  return (
    <section
      ref={ref}
      aria-label={confirmationTitle}
      className="mt-6 scroll-mt-28 rounded-xl border border-pine-600/30 bg-pine-50 p-5 text-ink-soft"
      data-quote-confirmation=""
    >
      <h3 className="flex items-start gap-2 text-lg font-bold text-pine-900">
        <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-pine-700" />
        {confirmationTitle}
      </h3>
      <p className="mt-2">
        We received your request for <strong className="text-pine-900">{sent.projectType}</strong> in{' '}
        <strong className="text-pine-900">{sent.city}</strong>. We&apos;ll contact you within 24 hours on business days
        to discuss your project.
      </p>
      {sent.visitUrl ? (
        // A plain link, so it works from the page served without scripts too.
        <a
          href={sent.visitUrl}
          className="mt-4 flex min-h-12 items-center justify-center gap-2 rounded-lg bg-pine-700 px-5 py-3 text-center font-bold text-white hover:bg-pine-800"
        >
          <CalendarCheck aria-hidden="true" className="size-5 shrink-0" />
          Pick a time for your free on-site estimate
        </a>
      ) : null}
      <p className="mt-2">
        Questions in the meantime? Call or text us at <PhoneLink />.
      </p>
      {onNewRequest ? (
        <button
          type="button"
          onClick={onNewRequest}
          className="mt-3 min-h-11 font-semibold text-pine-900 underline underline-offset-4 hover:text-rim-600"
        >
          Start a new request
        </button>
      ) : null}
    </section>
  );
}

export const noticeTexts = {
  invalid: 'Your request was not sent: please check the highlighted fields.',
  failed: 'Your request was not sent. Please try again.',
} as const;

/** A lasting message beside the submit button, always with the phone number. */
export function FormNotice({
  kind,
  children,
}: {
  kind: 'saved' | 'failed';
  /** The message; the call-us line follows it. */
  children: ReactNode;
}) {
  const Icon = kind === 'saved' ? CloudOff : CircleAlert;
  return (
    <div
      role={kind === 'saved' ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-2.5 rounded-xl p-4 text-sm leading-6 sm:col-span-2',
        kind === 'saved' ? 'bg-wood-100 text-ink' : 'bg-rim-600/10 text-ink',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', kind === 'saved' ? 'text-wood-800' : 'text-rim-700')}
      />
      <p>
        {children} You can also call or text us at <PhoneLink />.
      </p>
    </div>
  );
}
