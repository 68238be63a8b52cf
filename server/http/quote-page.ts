import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultBusiness, type Business } from '@shared/content/business-facts';
import type { SiteContent } from '@shared/content/site-content';
import { plainFormAction, type PlainFormState } from '@shared/schemas/quote-form-post';
import { onFirstUse } from '../services/first-use';
import { loadOnce } from '../services/load-once';
import { pageFileFor } from './page-files';
import { originRewrite, readBuildOrigin } from './site-origin';

/**
 * The contact page as the answer to a form post: the form with its messages, or the confirmation,
 * with the site's content as this server shows it (the owner's saved details in the header and footer).
 */
export type RenderQuotePage = (state: PlainFormState, content?: SiteContent) => Promise<string>;

/** client/src/entry-server.tsx's render(), which can show the plain form in a given state. */
export type RenderWithFormState = (
  url: string,
  options: { quoteForm: PlainFormState; content?: SiteContent },
) => Promise<{ html: string; head: string; status: number }>;

/**
 * Renders the contact page with the form in `state` into `shell` (the contact page's own HTML,
 * with its inlined CSS and head). The answer carries no scripts: it answers a post made without
 * JavaScript (or before it ran), and the app would not know the state to hydrate it with.
 */
export function quotePageRenderer(
  load: () => Promise<{ shell: string; render: RenderWithFormState }>,
): RenderQuotePage {
  const loaded = loadOnce(load);
  return async (state, content) => {
    const { shell, render } = await loaded();
    const page = await render(plainFormAction, { quoteForm: state, content });
    return fillShell(shell, page.html);
  };
}

/**
 * Production: the prerendered contact page as the shell, the SSR bundle to render (loaded on first
 * use), for the server's SITE_URL when the build was made for another (site-origin.ts).
 */
export function productionQuotePage(distDir: string, siteUrl: string): RenderQuotePage {
  const rewrite = originRewrite(readBuildOrigin(distDir), siteUrl);
  return quotePageRenderer(
    onFirstUse('the quote page renderer', async () => {
      const shell = await readFile(path.join(distDir, 'client', pageFileFor(plainFormAction)), 'utf8');
      const ssrEntry = pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href;
      const { render } = (await import(ssrEntry)) as { render: RenderWithFormState };
      if (!rewrite) return { shell, render };
      const rewritten: RenderWithFormState = async (url, options) => {
        const page = await render(url, options);
        return { ...page, html: rewrite.text(page.html), head: rewrite.text(page.head) };
      };
      return { shell: rewrite.text(shell), render: rewritten };
    }),
  );
}

const rootOpen = '<div id="root">';

/** `shell` with the app's HTML in #root and without the app's scripts and their preloads. */
export function fillShell(shell: string, html: string): string {
  const withoutScripts = shell
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const start = withoutScripts.indexOf(rootOpen);
  const end = withoutScripts.lastIndexOf('</div>', withoutScripts.lastIndexOf('</body>'));
  if (start < 0 || end < start) throw new Error('The page shell has no #root');
  return withoutScripts.slice(0, start + rootOpen.length) + html + withoutScripts.slice(end);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A bare page with the same information, for when the site's own page cannot be rendered (no
 * build in this process, or rendering failed): the visitor still learns what happened.
 */
export function plainQuotePage(state: PlainFormState, business: Business = defaultBusiness): string {
  const phone = `<a href="tel:${escapeHtml(business.phoneE164)}">${escapeHtml(business.phoneDisplay)}</a>`;
  const body = state.sent
    ? `<h1>Quote request submitted!</h1><p>We received your request for ${escapeHtml(state.sent.projectType)} in ${escapeHtml(
        state.sent.city,
      )}. We'll contact you within 24 hours on business days. Questions? Call us at ${phone}.</p>${
        state.sent.visitUrl
          ? `<p><a href="${escapeHtml(state.sent.visitUrl)}">Pick a time for your free on-site estimate</a></p>`
          : ''
      }`
    : `<h1>Your request was not sent</h1>${state.notice ? `<p>${escapeHtml(state.notice)}</p>` : ''}<ul>${Object.values(
        state.fieldErrors ?? {},
      )
        .map((message) => `<li>${escapeHtml(message)}</li>`)
        .join('')}</ul><p>Please go back to the form and try again, or call us at ${phone}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    business.name,
  )}</title></head><body>${body}<p><a href="${plainFormAction}">Back to the quote form</a></p></body></html>`;
}
