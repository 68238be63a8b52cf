import { arizonaLongDateTime } from '@shared/arizona-time';
import { clickIdKeys, utmKeys, type Touch } from '@shared/lead-source';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { CardSection } from '../app/card-section';

const clickIdLabels: Record<(typeof clickIdKeys)[number], string> = {
  gclid: 'Google Ads click',
  gbraid: 'Google Ads click (iPhone)',
  wbraid: 'Google Ads click (app)',
  fbclid: 'Facebook click',
  msclkid: 'Microsoft Ads click',
};

/** Where the request came from: the source's name, then the raw fields it was derived from. */
export function SourceSection({ detail }: { detail: RequestDetail }) {
  const lead = detail.leadSource;
  return (
    <CardSection title="Source">
      {lead ? (
        <>
          <p className="mt-1 font-display text-xl font-bold text-pine-800">{lead.source}</p>
          {lead.campaign ? <p className="text-sm text-ink-soft">Campaign: {lead.campaign}</p> : null}
          <dl className="mt-3 grid gap-2 text-sm">
            <Raw label="Medium">{lead.medium}</Raw>
            <Raw label="Landing page">{lead.landingPage}</Raw>
            <Raw label="Came from">{lead.referrer ?? (lead.capturedBy === 'server' ? null : 'no other site')}</Raw>
          </dl>
          <TouchDetails title="First visit" touch={lead.touches.first} />
          {lead.touches.last ? (
            <TouchDetails title="Latest visit from a link or site" touch={lead.touches.last} />
          ) : null}
          {lead.capturedBy === 'server' ? (
            <p className="mt-3 text-xs text-ink-muted">
              Sent without the site’s scripts: only the page the form was on is known.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">Not recorded for this request.</p>
      )}
    </CardSection>
  );
}

function TouchDetails({ title, touch }: { title: string; touch: Touch }) {
  const tags = utmKeys.filter((key) => touch[key]);
  const clicks = clickIdKeys.filter((key) => touch[key]);
  return (
    <details className="mt-3 rounded-lg bg-cream-50 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-semibold text-pine-900">
        {title}: {arizonaLongDateTime(new Date(touch.at))}
      </summary>
      <dl className="mt-2 grid gap-1.5 pb-1">
        <Raw label="Landing page">{touch.landingPage}</Raw>
        <Raw label="Came from">{touch.referrer}</Raw>
        {tags.map((key) => (
          <Raw key={key} label={key}>
            {touch[key]}
          </Raw>
        ))}
        {clicks.map((key) => (
          <Raw key={key} label={clickIdLabels[key]}>
            {touch[key]}
          </Raw>
        ))}
      </dl>
    </details>
  );
}

function Raw({ label, children }: { label: string; children: string | null | undefined }) {
  if (!children) return null;
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-xs font-bold tracking-wide break-words text-wood-700 uppercase">{label}</dt>
      <dd className="font-mono text-xs break-all text-ink">{children}</dd>
    </div>
  );
}
