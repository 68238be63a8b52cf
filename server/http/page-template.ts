export interface RenderedPage {
  html: string;
  head: string;
  status: number;
}

export type RenderPage = (url: string) => RenderedPage | Promise<RenderedPage>;

/** Puts a rendered page into the HTML template that Vite produced (client/index.html). */
export function injectPage(template: string, page: Pick<RenderedPage, 'html' | 'head'>): string {
  return template.replace('<!--app-head-->', page.head).replace('<!--app-html-->', page.html);
}
