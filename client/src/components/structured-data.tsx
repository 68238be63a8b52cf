import type { JsonLd } from '@shared/seo/structured-data';

/** Serialises JSON-LD safely into the page (a "</script>" inside text cannot end the tag). */
export function StructuredData({ data }: { data: JsonLd | JsonLd[] }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
