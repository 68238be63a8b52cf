import { ExternalLink, Pencil, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { serviceNames } from '@shared/content/names';
import { projectStatusLabels, type OwnerProject } from '@shared/schemas/owner-projects';
import { paths } from '@shared/routes';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { toastFailure } from '../app/feedback';
import { errorMessage, useSessionEndedBy } from '../app/owner-api';
import { projectPhotoHref, useProject, useProjects, useUnpublishProject } from './projects-api';
import { cardClass } from '../app/styles';

const statusStyles = {
  draft: 'bg-cream-200 text-ink-soft',
  published: 'bg-pine-700 text-white',
} as const;

function ProjectStatus({ status }: { status: OwnerProject['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
        statusStyles[status],
      )}
    >
      {projectStatusLabels[status]}
    </span>
  );
}

/** /owner/projects: his before-and-after projects, drafts and published, newest first. */
export function ProjectsPage() {
  const projects = useProjects();
  useSessionEndedBy(projects.error);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Projects</h1>
        <Link href="/projects/new" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          New project
        </Link>
      </div>
      <p className="mt-1 text-ink-soft">Before-and-after photos of your work, on the site as soon as you publish.</p>
      {projects.isPending ? (
        <p role="status" className="mt-6 text-ink-muted">
          Loading…
        </p>
      ) : projects.isError ? (
        <p role="alert" className="mt-6 text-rim-700">
          {errorMessage(projects.error)}
        </p>
      ) : projects.data.length === 0 ? (
        <p className="mt-6 text-ink-soft">No projects yet. Tap New project to add your first one.</p>
      ) : (
        <ul className="mt-5 flex flex-col gap-3">
          {projects.data.map((project) => (
            <li key={project.id}>
              <Link
                href={`/projects/${project.id}`}
                className={cn(cardClass, 'flex min-h-20 items-center gap-3 p-3 hover:border-pine-300')}
              >
                {(project.afterPhoto ?? project.beforePhoto) ? (
                  <img
                    src={projectPhotoHref((project.afterPhoto ?? project.beforePhoto)!)}
                    alt=""
                    width={64}
                    height={48}
                    className="h-12 w-16 shrink-0 rounded-md object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="h-12 w-16 shrink-0 rounded-md bg-cream-200" />
                )}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold text-pine-900">{project.title || 'Untitled project'}</span>
                  <span className="text-sm text-ink-muted">
                    {project.service ? serviceNames[project.service] : 'No service yet'}
                  </span>
                </span>
                <ProjectStatus status={project.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /owner/projects/:id: one project, with Edit, and Unpublish once it is on the site. */
export function ProjectPage({ id }: { id: string }) {
  const project = useProject(id);
  const unpublish = useUnpublishProject(id);
  useSessionEndedBy(project.error);
  if (project.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        Loading…
      </p>
    );
  }
  if (project.isError || !project.data) {
    return <p role="alert">{project.error ? errorMessage(project.error) : 'There is no such project.'}</p>;
  }
  const data = project.data;
  return (
    <>
      <Link href="/projects" className="inline-flex min-h-11 items-center font-semibold text-pine-700 hover:underline">
        ← Projects
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{data.title || 'Untitled project'}</h1>
        <ProjectStatus status={data.status} />
      </div>
      {data.status === 'published' && data.slug ? (
        <a
          href={paths.project(data.slug)}
          target="_blank"
          rel="noopener"
          className="mt-2 inline-flex min-h-11 items-center gap-1.5 font-semibold text-pine-700 underline"
        >
          See it on the site <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-3">
        {[
          ['Before', data.beforePhoto, data.beforeAlt],
          ['After', data.afterPhoto, data.afterAlt],
        ].map(([label, photo, alt]) =>
          photo && typeof photo === 'object' ? (
            <figure key={String(label)}>
              <img
                src={projectPhotoHref(photo, 800)}
                alt={String(alt)}
                width={photo.width}
                height={photo.height}
                className="aspect-[4/3] h-auto w-full rounded-lg object-cover"
              />
              <figcaption className="mt-1 text-sm font-semibold">{String(label)}</figcaption>
            </figure>
          ) : (
            <p key={String(label)} className="rounded-lg bg-cream-200 p-4 text-sm text-ink-muted">
              No {String(label).toLowerCase()} photo yet
            </p>
          ),
        )}
      </div>
      <div className="sticky bottom-0 mt-6 flex gap-3 border-t border-cream-200 bg-cream-50 py-3">
        <Link href={`/projects/${id}/edit`} className={cn(buttonVariants({ variant: 'outline' }), 'flex-1')}>
          <Pencil aria-hidden="true" />
          Edit
        </Link>
        {data.status === 'published' ? (
          <Button
            variant="secondary"
            className="flex-1"
            disabled={unpublish.isPending}
            onClick={() =>
              unpublish.mutate(undefined, {
                onSuccess: () => toast({ title: 'Unpublished', description: 'It is off the site within seconds.' }),
                onError: toastFailure('Could not unpublish'),
              })
            }
          >
            Unpublish
          </Button>
        ) : null}
      </div>
      {(
        [
          ['What was wrong', data.problem],
          ['What we did', data.solution],
        ] as const
      ).map(([title, text]) =>
        text ? (
          <section key={title} className="mt-4">
            <h2 className="text-lg font-bold">{title}</h2>
            <p className="mt-1 whitespace-pre-wrap text-ink-soft">{text}</p>
          </section>
        ) : null,
      )}
    </>
  );
}
