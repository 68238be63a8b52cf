import { useEffect } from 'react';
import { Link } from 'wouter';
import { pictureGroups } from '@shared/content/site-pictures';
import { errorMessage } from '../app/owner-api';
import { BackToInbox } from '../app/back-to-inbox';
import { PictureCard } from './picture-card';
import { useOwnerPictures } from './photos-api';

/**
 * /owner/photos: every drawn picture of the site, grouped as the site shows them, each replaceable
 * by a photo of his (camera or library) and given back to the drawing. The launch list links to
 * a picture's place (/owner/photos#picture-services-decks).
 */
export function PhotosPage() {
  const pictures = useOwnerPictures();
  const byName = new Map((pictures.data?.pictures ?? []).map((picture) => [picture.name, picture]));
  const loaded = Boolean(pictures.data);

  useEffect(() => {
    if (!loaded || !window.location.hash) return;
    const place = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    place?.scrollIntoView({ block: 'start' });
    place?.focus({ preventScroll: true });
  }, [loaded]);

  return (
    <>
      <BackToInbox />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Photos</h1>
      <p className="mt-1 max-w-2xl text-ink-muted">
        The site shows drawings until you put your own photos in their place. Each photo is cropped to the shape of its
        place around the point you tap, and everything that could tell where it was taken is removed. Changes are on
        every page within seconds.
      </p>
      {pictures.isPending ? <p className="mt-5 text-ink-muted">Loading…</p> : null}
      {pictures.isError ? <p className="mt-5 text-rim-700">{errorMessage(pictures.error)}</p> : null}
      {loaded
        ? pictureGroups.map((group) => (
            <section key={group.id} aria-labelledby={`group-${group.id}`} className="mt-8">
              <h2 id={`group-${group.id}`} className="text-xl font-bold">
                {group.title}
              </h2>
              <p className="mt-1 text-sm text-ink-muted">
                {group.shownOn}
                {group.id === 'gallery' ? (
                  <>
                    {' '}
                    Once you have your own projects, you can take the samples off the site:{' '}
                    <Link href="/settings" className="font-semibold text-pine-800 underline underline-offset-4">
                      Hide the sample projects in Settings
                    </Link>
                    .
                  </>
                ) : null}
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {group.places.map((place) => (
                  <PictureCard
                    key={place.name}
                    place={place}
                    picture={byName.get(place.name) ?? { name: place.name, photo: null, setAside: null }}
                  />
                ))}
              </div>
            </section>
          ))
        : null}
    </>
  );
}
