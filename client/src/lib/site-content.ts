import { createContext, useContext } from 'react';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';

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
