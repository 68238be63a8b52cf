import { ArrowRight, MapPin } from 'lucide-react';
import { useParams } from 'wouter';
import { useBusiness } from '@/lib/site-content';
import { serviceNames } from '@shared/content/names';
import { projectBySlug, type ProjectPhoto, type PublishedProject } from '@shared/content/site-content';
import { projectShareImageUrl } from '@shared/images';
import { paths } from '@shared/routes';
import { breadcrumbJsonLd, projectJsonLd } from '@shared/seo/structured-data';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ContentSection, QuoteCard } from '@/components/detail-sections';
import { Island } from '@/components/island';
import { NotFoundMessage } from '@/components/not-found-message';
import { Seo } from '@/components/seo';
import { StructuredData } from '@/components/structured-data';
import { buttonVariants } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { CallButton } from '@/components/call-button';
import { SiteLink } from '@/components/ui/site-link';
import { useSiteContent } from '@/lib/site-content';
import { siteUrl } from '@/lib/site-url';

/** /gallery/<slug>: one of the owner's published projects, with its story and both photos. */
export default function ProjectDetailPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const project = projectBySlug(useSiteContent(), slug);
  if (!project) {
    return (
      <NotFoundMessage
        title="Project Not Found"
        text="Sorry, we couldn't find that project. It may have been taken down, or the address may be mistyped."
      />
    );
  }
  return <ProjectDetail project={project} />;
}

function ProjectDetail({ project }: { project: PublishedProject }) {
  const business = useBusiness();
  const service = serviceNames[project.service];
  const path = paths.project(project.slug);
  const trail = [
    { name: 'Home', path: paths.home },
    { name: 'Gallery', path: paths.gallery },
    { name: project.title, path },
  ];
  return (
    <>
      <Seo
        title={project.title}
        description={project.problem}
        path={path}
        type="article"
        image={{
          path: projectShareImageUrl(project.before.photo.id, project.after.photo.id),
          alt: `${project.title}: before and after`,
        }}
      />
      <StructuredData data={[projectJsonLd(siteUrl, project), breadcrumbJsonLd(siteUrl, trail)]} />
      <section aria-labelledby="project-title" className="bg-cream-100">
        <div className="container-site py-8 sm:py-12">
          <Breadcrumbs trail={trail} tone="light" />
          <p className="mt-4 text-sm font-bold tracking-[0.16em] text-rim-600 uppercase">
            <SiteLink href={paths.service(project.service)} className="hover:underline">
              {service}
            </SiteLink>
          </p>
          <h1 id="project-title" className="mt-2 text-3xl leading-tight font-bold sm:text-5xl">
            {project.title}
          </h1>
          <p className="mt-3 inline-flex items-center gap-1.5 text-ink-soft">
            <MapPin aria-hidden="true" className="size-5 text-wood-600" />
            {project.area.slug ? (
              <SiteLink href={paths.location(project.area.slug)} className="hover:underline">
                {project.area.name}
              </SiteLink>
            ) : (
              project.area.name
            )}
          </p>
          {/* The call and share buttons on the first screen, above the photos, as on a service page
              (and the share island waits there for a touch instead of loading with the page). */}
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <CallButton />
            <Island name="share" props={{ title: `${project.title} | ${business.name}`, text: project.problem }} />
          </div>
          <div className="mt-6 grid gap-4 sm:gap-5 lg:grid-cols-2">
            <ProjectFigure label="Before" photo={project.before} priority />
            <ProjectFigure label="After" photo={project.after} />
          </div>
        </div>
      </section>
      <div className="container-site grid grid-cols-1 gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-14">
        <div className="flex flex-col gap-12">
          <ContentSection id="problem" title="What Was Wrong">
            <Paragraphs text={project.problem} />
          </ContentSection>
          <ContentSection id="solution" title="What We Did">
            <Paragraphs text={project.solution} />
          </ContentSection>
          <div className="flex flex-col gap-3 sm:flex-row">
            <SiteLink href={paths.service(project.service)} className={buttonVariants({ variant: 'outline' })}>
              More about {service} <ArrowRight aria-hidden="true" />
            </SiteLink>
            <SiteLink href={paths.gallery} className={buttonVariants({ variant: 'outline' })}>
              See the whole gallery <ArrowRight aria-hidden="true" />
            </SiteLink>
          </div>
        </div>
        <aside aria-label="Free quote">
          <QuoteCard />
        </aside>
      </div>
    </>
  );
}

function ProjectFigure({ label, photo, priority }: { label: string; photo: ProjectPhoto; priority?: boolean }) {
  return (
    <figure className="relative overflow-hidden rounded-2xl bg-cream-200 shadow-sm ring-1 ring-cream-200">
      <Picture
        name={photo.photo}
        kind="gallery"
        alt={photo.alt}
        priority={priority}
        sizes="(min-width: 1216px) 580px, (min-width: 1024px) 48vw, calc(100vw - 2.5rem)"
        imgClassName="h-auto w-full"
      />
      <figcaption className="absolute top-3 left-3 rounded-md bg-pine-950/85 px-2.5 py-1 text-xs font-bold tracking-[0.12em] text-white uppercase">
        {label}
      </figcaption>
    </figure>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-4 text-lg leading-relaxed text-ink-soft">
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
