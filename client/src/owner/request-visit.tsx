import { useRequestVisit } from './visits-api';
import { RequestVisitSection } from './visits-page';

/** The request's estimate visit, on its page (loaded beside the request: nothing shows until it is there). */
export function RequestVisit({ id }: { id: string }) {
  const visit = useRequestVisit(id);
  if (!visit.data) return null;
  return <RequestVisitSection visit={visit.data.visit} />;
}
