import { Helmet } from 'react-helmet-async';
import { business } from '@shared/content/business';
import { shareImageKey, shareImageSize, shareImageUrl, sharePhoneTag } from '@shared/images';
import { useBusiness } from '@/lib/site-content';
import { pageUrl } from '@/lib/site-url';

interface SeoProps {
  /** The page's own title; the business name is appended. */
  title: string;
  description: string;
  /** The page's path, e.g. "/services/roofing"; not-found pages pass none and are not indexed. */
  path?: string;
  /** Share image key, see shareImageUrl(); defaults to the page's own (built from its title). */
  imageKey?: string;
  /** A share image of the page's own instead (an owner's project: its before and after side by side), with its alt text. */
  image?: { path: string; alt: string };
  type?: 'website' | 'article';
}

/** Search results show about 155 characters: longer texts end at the last full sentence (or word) that fits. */
export function metaDescription(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentenceEnd = cut.lastIndexOf('. ');
  if (sentenceEnd > 60) return cut.slice(0, sentenceEnd + 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** A selector for every tag Seo writes into <head>: the app's router removes the prerendered ones when it takes over. */
export const seoHeadTags = [
  'title',
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
].join(',');

/** Title, description, canonical URL and social tags of one page; prerendered into <head>. */
export function Seo({ title, description, path, imageKey, image: ownImage, type = 'website' }: SeoProps) {
  const fullTitle = title.includes(business.name) ? title : `${title} | ${business.name}`;
  const summary = metaDescription(description);
  // The build's share images show the default phone; with his own saved, the server's (drawn with it).
  const { phoneE164 } = useBusiness();
  const phoneTag = phoneE164 === business.phoneE164 ? undefined : sharePhoneTag(phoneE164);
  const image = pageUrl(ownImage?.path ?? shareImageUrl(imageKey ?? (path ? shareImageKey(path) : 'home'), phoneTag));
  return (
    <Helmet>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      {path ? <link rel="canonical" href={pageUrl(path)} /> : <meta name="robots" content="noindex" />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={business.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      {path ? <meta property="og:url" content={pageUrl(path)} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(shareImageSize.width)} />
      <meta property="og:image:height" content={String(shareImageSize.height)} />
      <meta property="og:image:alt" content={ownImage?.alt ?? fullTitle} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="twitter:image" content={image} />
    </Helmet>
  );
}
