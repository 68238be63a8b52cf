import { galleryItems } from '@shared/content/gallery';
import { paths } from '@shared/routes';
import { Seo } from '@/components/seo';
import { GalleryBrowser } from '@/features/gallery/gallery-browser';

export default function GalleryPage() {
  return (
    <>
      <Seo
        title="Before & After Gallery"
        description={`See ${galleryItems.length} before-and-after carpentry and remodeling projects from Northern Arizona: rebuilt decks, walk-in showers, bathroom remodels, ceramic tile and interior trim.`}
        path={paths.gallery}
        imageKey="gallery"
      />
      <section aria-labelledby="gallery-title" className="bg-cream-100">
        <div className="container-site py-12 sm:py-16">
          <div className="max-w-2xl">
            <p className="text-sm font-bold tracking-[0.16em] text-rim-600 uppercase">Our Work</p>
            <h1 id="gallery-title" className="mt-2 text-4xl font-bold sm:text-5xl">
              Before & After Gallery
            </h1>
            <p className="mt-4 text-lg text-ink-soft">
              Real Rim Country homes, real problems, fixed to last. Choose a project to compare the before and after
              photos and read how we solved it.
            </p>
          </div>
        </div>
      </section>
      <GalleryBrowser />
    </>
  );
}
