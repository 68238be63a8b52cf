import { MapPin } from 'lucide-react';
import { serviceNames } from '@shared/content/names';
import type { PublishedProject } from '@shared/content/site-content';
import { paths } from '@shared/routes';
import { Picture } from '@/components/ui/picture';
import { SiteLink } from '@/components/ui/site-link';

/**
 * The owner's projects as a list of cards, each showing the after photo and linking to the
 * project's own page: on a service page (its projects) and a location page (the projects there).
 */
export function ProjectCards({ projects }: { projects: readonly PublishedProject[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {projects.map((project) => (
        <li key={project.id}>
          <SiteLink
            href={paths.project(project.slug)}
            className="group flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-cream-200 transition hover:shadow-md"
          >
            <div className="relative overflow-hidden bg-cream-200">
              <Picture
                name={project.after.photo}
                kind="gallery"
                alt={project.after.alt}
                sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
                imgClassName="aspect-[4/3] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03]"
              />
              <span className="absolute top-2 left-2 rounded bg-pine-950/80 px-2 py-0.5 text-xs font-bold text-white">
                After
              </span>
            </div>
            <div className="flex flex-1 flex-col p-4">
              <p className="text-xs font-bold tracking-[0.14em] text-rim-600 uppercase">
                {serviceNames[project.service]}
              </p>
              <h3 className="mt-1.5 text-lg leading-snug font-bold text-pine-900 group-hover:text-pine-700">
                {project.title}
              </h3>
              <p className="mt-auto inline-flex items-center gap-1.5 pt-3 text-sm text-ink-muted">
                <MapPin aria-hidden="true" className="size-4 text-wood-600" />
                {project.area.name}
              </p>
            </div>
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
