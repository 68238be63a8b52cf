import { createContext } from 'react';

/**
 * On the server, the source files of the modules a page needs (its page chunk, a service's
 * texts) are noted here, so the prerender step can add <link rel="modulepreload"> for exactly
 * those chunks. In the browser there is no provider and nothing is noted.
 */
export const RenderedModulesContext = createContext<Set<string> | null>(null);
