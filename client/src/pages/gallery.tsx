import { galleryItems } from '@shared/content/gallery';
import { galleryWith } from '@shared/content/site-content';
import { galleryPictures } from '@shared/content/site-pictures';
import { paths } from '@shared/routes';
import { PageIntro } from '@/components/page-intro';
import { Seo } from '@/components/seo';
import { Island } from '@/components/island';
import { usePhotoCheck } from '@/lib/photos';
import { BelowTheFold } from '@/components/below-the-fold';
import { useSiteContent } from '@/lib/site-content';

export default function GalleryPage() {
  const { projects, hideSampleProjects, pictures } = useSiteContent();
  const isPhoto = usePhotoCheck();
  const ownPictures = galleryPictures(pictures);
  // Say "photos" only once the pictures are photos of the work, not the drawn placeholders.
  const intro = galleryItems.flatMap((item) => [item.beforeImage, item.afterImage]).every(isPhoto)
    ? 'Real Rim Country homes, real problems, fixed to last. Choose a project to compare the before and after photos and read how we solved it.'
    : 'Rim Country projects, the problems we found and how we fixed them to last. Choose a project to compare the before and after and read how we solved it.';
  return (
    <>
      <Seo
        title="Before & After Gallery"
        description={`See ${galleryWith(projects, hideSampleProjects).length} before-and-after carpentry and remodeling projects from Northern Arizona: rebuilt decks, walk-in showers, bathroom remodels, ceramic tile and interior trim.`}
        path={paths.gallery}
        imageKey="gallery"
      />
      <PageIntro id="gallery-title" eyebrow="Our Work" title="Before & After Gallery">
        {intro}
      </PageIntro>
      <BelowTheFold estimate="150rem">
        {/* The owner's projects go to the island as props (the built-in six are in its code, unless he hid them). */}
        <Island
          name="gallery"
          props={{
            ...(projects.length ? { projects } : {}),
            ...(hideSampleProjects ? { hideSamples: true } : {}),
            ...(Object.keys(ownPictures).length ? { pictures: ownPictures } : {}),
          }}
        />
      </BelowTheFold>
    </>
  );
}
