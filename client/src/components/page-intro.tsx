import type { ReactNode } from 'react';

/** The top of a plain page (contact, gallery): a small line above the title, and a paragraph under it. */
export function PageIntro({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-cream-100">
      <div className="container-site py-12 sm:py-16">
        <div className="max-w-2xl">
          <p className="text-sm font-bold tracking-[0.16em] text-rim-600 uppercase">{eyebrow}</p>
          <h1 id={id} className="mt-2 text-4xl font-bold sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 text-lg text-ink-soft">{children}</p>
        </div>
      </div>
    </section>
  );
}
