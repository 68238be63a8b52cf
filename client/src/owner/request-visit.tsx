import { useRequestVisit } from './visits-api';
import { RequestVisitSection } from './visits-page';

/**
 * The request's estimate visit, on its page (loaded beside the request: nothing shows until it
 * is there), and the homeowner's booking link to copy or text him.
 */
export function RequestVisit({ id, visitUrl }: { id: string; visitUrl?: string | null }) {
  const visit = useRequestVisit(id);
  if (!visit.data) return null;
  return (
    <div className="grid gap-2">
      <RequestVisitSection visit={visit.data.visit} />
      {visitUrl ? (
        <p className="px-1 text-sm break-all text-ink-soft">
          His booking link:{' '}
          <a href={visitUrl} className="font-semibold text-pine-800 underline underline-offset-2">
            {visitUrl}
          </a>
        </p>
      ) : null}
    </div>
  );
}
