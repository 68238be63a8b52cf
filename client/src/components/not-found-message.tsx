import { Home } from 'lucide-react';
import { paths } from '@shared/routes';
import { Seo } from '@/components/seo';
import { buttonVariants } from '@/components/ui/button';
import { SiteLink } from '@/components/ui/site-link';

/** The not-found message shared by the generic, service and location not-found pages (not indexed). */
export function NotFoundMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="container-site flex flex-col items-center py-24 text-center sm:py-32">
      <Seo title={title} description={text} />
      <p aria-hidden="true" className="font-display text-7xl font-extrabold text-wood-600">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-lg text-ink-soft">{text}</p>
      <SiteLink href={paths.home} className={`${buttonVariants({ variant: 'secondary' })} mt-8`}>
        <Home aria-hidden="true" />
        Return Home
      </SiteLink>
    </div>
  );
}
