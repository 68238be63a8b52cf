import { createContext, useContext } from 'react';
import { emptySiteContent, siteBusiness, type SiteContent } from '@shared/content/site-content';
import type { Business } from '@shared/content/business-facts';

/**
 * What the owner published (shared/content/site-content.ts) for the pages rendered now: given by
 * the server's render of a content version (entry-server.tsx), and in the browser by the app's
 * router from the same version's JSON (app/navigation/site-content.ts). Islands are roots of
 * their own and get what they show through their props instead.
 */
export const SiteContentContext = createContext<SiteContent>(emptySiteContent);

export function useSiteContent(): SiteContent {
  return useContext(SiteContentContext);
}

/** The business facts of the pages rendered now: what the owner saved, else shared/content/business.ts's. */
export function useBusiness(): Business {
  return siteBusiness(useSiteContent());
}

/**
 * The business facts of the page in the document, outside React (a quote sent again on a later
 * page): the saved details its islands carry (components/island.tsx), else the defaults.
 */
export function documentBusiness(): Business {
  const saved = document.querySelector<HTMLElement>('[data-island-business]')?.dataset.islandBusiness;
  return siteBusiness({ business: saved ? (JSON.parse(saved) as SiteContent['business']) : null });
}
