import { lazy, useContext, type ComponentType } from 'react';
import { RenderedModulesContext } from '@/lib/rendered-modules';

/**
 * Pages are loaded on demand, so a visitor downloads the code of the page they open and not of
 * all the others. On the server each rendered page notes its source file for a preload hint.
 */
export function lazyPage(file: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  function RoutePage() {
    useContext(RenderedModulesContext)?.add(file);
    return <Page />;
  }
  RoutePage.displayName = `Page(${file})`;
  return RoutePage;
}
