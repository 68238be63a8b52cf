/**
 * The one page shell of every page a homeowner reaches from one of our e-mails (the booking page
 * `/visit/<token>`, the review pages `/review/<token>`, the estimate page): a complete HTML
 * document in the site's look, whatever renders the page's content.
 *
 *   homeownerShell(look: SiteLook, page: HomeownerPage, business?: Business): string
 *     page.title   the page's own title; " | <business name>" is appended
 *     page.main    the HTML inside <main> (escape what you put in it: see escapeHtml below)
 *     page.style?  CSS of the page's own parts, inlined after the shell's
 *     page.scripts? same-origin script paths, loaded deferred (the CSP allows 'self' only)
 *     page.status? a word for <body data-page-status> (tests and the page's script read it)
 *
 *   sendHomeownerPage(res, status, page): Promise<void>
 *     sends homeownerShell(<the app's look>, page, businessOf(res)) with Cache-Control no-store and
 *     X-Robots-Tag noindex; the look is the one createApp was given (deps.siteLook).
 *
 *   businessOf(res): Business
 *     the business facts the site shows now (the owner's saved ones, else shared/content/business.ts's),
 *     as createApp hands this server's content to its pages (app.locals.siteContent); a page that shows a phone, e-mail or licence
 *     reads them here, never the module constant.
 *
 * The look (`SiteLook`) is the site's stylesheet and heading font by the names the build gave
 * them, exactly as the prerendered pages link them (productionSiteLook reads them from the
 * build's 404 page), or in development the stylesheet as Vite compiles it (dev-site.ts). The
 * header is the site's (components/layout/header.tsx: logo, name, call button; its menus are
 * islands of the app, left out here), with the favicons of client/index.html. The parts such a
 * page shows (a card, fields, choices, buttons) are styled by `homeownerStyles`, in the site's
 * palette and the site's button shapes, so each page's own CSS stays small.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import { defaultBusiness, type Business } from '@shared/content/business-facts';
import { emptySiteContent, siteBusiness, type SiteContent } from '@shared/content/site-content';
import { paths } from '@shared/routes';

/** The site's stylesheet and fonts, as tags for <head>. */
export interface SiteLook {
  head: string;
}

/** Where the look comes from: read once from the build, or per page from the dev server. */
export type SiteLookSource = () => Promise<SiteLook>;

export interface HomeownerPage {
  title: string;
  main: string;
  style?: string;
  scripts?: readonly string[];
  status?: string;
}

/** No build and no dev server (tests of the routes alone): the shell's own styles only. */
export const noSiteLook: SiteLookSource = async () => ({ head: '' });

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The production look: the stylesheet and font preloads of the build's prerendered 404 page
 * (every page links the same ones), moved into <head> so the page is drawn once, styled.
 */
export function productionSiteLook(clientDir: string): SiteLookSource {
  let look: Promise<SiteLook> | undefined;
  return () => {
    look ??= readFile(path.join(clientDir, '404.html'), 'utf8').then(siteLookFromPage);
    return look;
  };
}

/** The build's stylesheet and font links in a prerendered page's HTML. */
export function siteLookFromPage(html: string): SiteLook {
  const fonts = [...html.matchAll(/<link rel="preload" href="(\/assets\/[^"]+\.woff2)"/g)].map((m) => m[1]!);
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  return {
    head: [
      ...new Set(fonts.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)),
      ...new Set(sheets.map((href) => `<link rel="stylesheet" href="${href}" crossorigin>`)),
    ].join('\n'),
  };
}

const phoneIcon = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-6"><path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"/></svg>`;

// The classes are the site's own (header.tsx, logo.tsx, button.tsx), so the build's stylesheet has them.
const button =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors';

/** The site's content as this server shows it now: createApp's app.locals.siteContent (the content watcher's). */
export function siteContentOf(res: Response): SiteContent {
  const current = res.app?.locals.siteContent as (() => SiteContent) | undefined;
  return current?.() ?? emptySiteContent;
}

/** The facts the site shows now: the saved details over the defaults (siteContentOf). */
export function businessOf(res: Response): Business {
  return siteBusiness(siteContentOf(res));
}

/** The `tel:` link of the business's phone. */
export const telOf = (business: Pick<Business, 'phoneE164'>) => `tel:${business.phoneE164}`;

function header(business: Business): string {
  const telHref = telOf(business);
  const name = escapeHtml(business.name);
  const phone = escapeHtml(business.phoneDisplay);
  return `<header class="sticky top-0 z-40 border-b border-cream-200 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85">
<div class="container-site flex h-(--header-height) items-center justify-between gap-3">
<a href="${paths.home}" class="flex items-center gap-2.5 rounded-md"><img src="/img/brand/logo.svg" alt="" width="44" height="44" class="size-10 shrink-0 2xl:size-11"><span class="flex flex-col leading-none"><span class="font-display text-lg font-bold whitespace-nowrap max-[359px]:text-base max-[359px]:leading-tight max-[359px]:whitespace-normal text-pine-900">${name}</span><span class="mt-1 text-[0.65rem] font-semibold tracking-[0.12em] whitespace-nowrap uppercase max-[359px]:hidden text-wood-700">Payson · Northern AZ</span></span></a>
<div class="flex items-center gap-1 lg:items-start lg:gap-2">
<div class="hidden flex-col items-center lg:flex"><a href="${telHref}" class="${button} bg-pine-800 text-white shadow-sm hover:bg-pine-900 h-10 px-3 text-sm">${phoneIcon.replace('class="size-6"', 'class="size-[1.15em]"')}${phone}</a><span class="mt-1 text-xs font-medium whitespace-nowrap text-ink-muted">Speak to a live person</span></div>
<div class="lg:hidden"><a href="${telHref}" aria-label="Call ${phone}" class="${button} text-pine-900 hover:bg-pine-100 size-11">${phoneIcon}</a></div>
</div>
</div>
</header>`;
}

function footer(business: Business): string {
  const telHref = telOf(business);
  return `<footer class="hw-footer"><p><span class="font-display">${escapeHtml(business.name)}</span> · <a href="${telHref}">${escapeHtml(
    business.phoneDisplay,
  )}</a> · <span>Licensed, ${escapeHtml(business.rocLicense)}</span></p><p><a href="${paths.home}">Our website</a> · <a href="${paths.privacy}">Privacy</a></p></footer>`;
}

export function homeownerShell(look: SiteLook, page: HomeownerPage, business: Business = defaultBusiness): string {
  const scripts = (page.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1f3d2b">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)} | ${escapeHtml(business.name)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
${look.head}
<style>${homeownerStyles}${page.style ?? ''}</style>
${scripts}
</head>
<body${page.status ? ` data-page-status="${escapeHtml(page.status)}"` : ''}>
${header(business)}
<main id="main" class="hw-main">
${page.main}
</main>
${footer(business)}
</body>
</html>
`;
}

/** Sends a homeowner's page in the look the app was given (createApp's deps.siteLook). */
export async function sendHomeownerPage(res: Response, status: number, page: HomeownerPage): Promise<void> {
  const source = (res.app.locals.siteLook as SiteLookSource | undefined) ?? noSiteLook;
  const look = await source().catch(() => ({ head: '' }));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res
    .status(status)
    .type('html')
    .send(homeownerShell(look, page, businessOf(res)));
}

/**
 * The parts of a homeowner's page, in the site's palette (tailwind.config.ts) and shapes: the
 * primary button is the site's red-rock one (button.tsx), a secondary one outlined in pine. The
 * base (type, colours of text and headings, the focus ring) comes from the site's stylesheet; the
 * fallbacks here keep a page readable should that not load.
 */
const homeownerStyles = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#fdfaf4;color:#1e1b16;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
h1,h2,h3{font-family:"Roboto Slab",Georgia,serif;color:#162c1f;text-wrap:balance}
.hw-main{display:block;max-width:42rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
.hw-main h1{font-size:1.75rem;line-height:1.2;font-weight:700;margin:0 0 .75rem}
.hw-main h2{font-size:1.25rem;line-height:1.3;font-weight:700;margin:2rem 0 .5rem}
.hw-main a{color:#264b34;text-decoration:underline;text-underline-offset:3px}
.hw-main a.hw-button{text-decoration:none}
.hw-main a[href^="tel:"]{white-space:nowrap}
.hw-lead{font-size:1.0625rem;color:#4a443a;margin:0 0 1rem}
.hw-muted{color:#5f574b;font-size:.9375rem}
.hw-card{background:#fff;border:1px solid #f1e5cf;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 2px rgba(30,27,22,.05)}
.hw-notice{padding:.75rem 1rem;border-radius:.5rem;font-weight:600;margin:0 0 1rem}
.hw-notice.success{background:#dde9e0;color:#162c1f;border:1px solid #8db49a}
.hw-notice.error{background:#fbeae5;color:#7c3626;border:1px solid #d0735a}
.hw-field{display:block;font-weight:600;color:#162c1f;margin:0 0 .375rem}
.hw-main input[type=text],.hw-main textarea{display:block;width:100%;font:inherit;font-size:1rem;padding:.75rem;border:1px solid #8f8678;border-radius:.5rem;background:#fff;color:#1e1b16}
.hw-main [aria-invalid=true]{border-color:#9a4430}
.hw-button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;width:100%;min-height:3rem;padding:.75rem 1.5rem;border-radius:.5rem;border:2px solid #9a4430;background:#9a4430;color:#fff;font:inherit;font-size:1.0625rem;font-weight:600;text-decoration:none;cursor:pointer;box-shadow:0 1px 2px rgba(30,27,22,.1)}
.hw-button:hover{background:#7c3626;border-color:#7c3626}
.hw-main a.hw-button{color:#fff}
.hw-button.secondary,.hw-main a.hw-button.secondary{background:#fff;color:#1f3d2b;border-color:#1f3d2b;box-shadow:none}
.hw-button.secondary:hover{background:#f1f6f2}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.hw-actions{display:grid;gap:.75rem;margin-top:1.25rem}
.hw-footer{border-top:1px solid #f1e5cf;color:#5f574b;text-align:center;font-size:.875rem;padding:1.25rem;display:grid;gap:.25rem}
.hw-footer p{margin:0}
.hw-footer span{white-space:nowrap}
.hw-footer a{color:#264b34;display:inline-block;min-height:1.5rem;text-decoration:underline;text-underline-offset:3px}
@media (min-width:40rem){.hw-main{padding-top:2.5rem}.hw-card{padding:2rem}.hw-button{width:auto}.hw-actions{grid-auto-flow:column;justify-content:start}}
`;
