import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { locationNames, serviceNames } from '@shared/content/names';
import { locationSlugs, serviceSlugs } from '@shared/content/slugs';
import type { UploadedPhoto } from '@shared/content/types';
import { otherArea, type OwnerProject, type ProjectDraft } from '@shared/schemas/owner-projects';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { errorMessage } from '../app/owner-api';
import { useProject, useSaveProject } from './projects-api';
import { controlClass } from '../app/styles';
import { Field, PhotoField } from './project-fields';

/** What the form keeps on the phone as it is typed, so a lost connection or a reload loses nothing. */
interface Kept {
  fields: ProjectDraft;
  photos: { before: UploadedPhoto | null; after: UploadedPhoto | null };
  /** The descriptions follow the title until the owner writes his own. */
  altsEdited: { before: boolean; after: boolean };
}

const newProjectKey = 'rcc-owner-new-project';
const keptKey = (id: string) => `rcc-owner-project:${id}`;

const emptyFields: ProjectDraft = {
  title: '',
  service: null,
  area: null,
  town: '',
  beforePhotoId: null,
  afterPhotoId: null,
  beforeAlt: '',
  afterAlt: '',
  problem: '',
  solution: '',
};

function readKept(id: string): Kept | null {
  try {
    const text = localStorage.getItem(keptKey(id));
    return text ? (JSON.parse(text) as Kept) : null;
  } catch {
    return null;
  }
}

/** The id of the new project being written on this phone (kept, so a reload goes on with the same one). */
function newProjectId(): string {
  const kept = localStorage.getItem(newProjectKey);
  if (kept) return kept;
  const id = crypto.randomUUID();
  localStorage.setItem(newProjectKey, id);
  return id;
}

/** /owner/projects/new */
export function NewProjectPage() {
  const [id] = useState(newProjectId);
  return <ProjectForm id={id} heading="New project" />;
}

/** /owner/projects/:id/edit */
export function EditProjectPage({ id }: { id: string }) {
  const project = useProject(id);
  if (project.isPending) return <p role="status">Loading…</p>;
  if (!project.data)
    return <p role="alert">{project.error ? errorMessage(project.error) : 'There is no such project.'}</p>;
  return <ProjectForm id={id} heading="Edit project" saved={project.data} />;
}

const beforeAltFor = (title: string) => (title ? `${title}: before` : '');
const afterAltFor = (title: string) => (title ? `${title}: after` : '');

function ProjectForm({ id, heading, saved }: { id: string; heading: string; saved?: OwnerProject }) {
  const [, navigate] = useLocation();
  const [kept, setKept] = useState<Kept>(
    () =>
      readKept(id) ?? {
        fields: saved ? { ...emptyFields, ...pickFields(saved) } : emptyFields,
        photos: { before: saved?.beforePhoto ?? null, after: saved?.afterPhoto ?? null },
        altsEdited: { before: Boolean(saved?.beforeAlt), after: Boolean(saved?.afterAlt) },
      },
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useSaveProject(id);
  const { fields } = kept;

  useEffect(() => {
    try {
      localStorage.setItem(keptKey(id), JSON.stringify(kept));
    } catch {
      // A full storage only loses the copy on the phone; the form goes on.
    }
  }, [id, kept]);

  const set = (change: Partial<ProjectDraft>) =>
    setKept((current) => {
      const next = { ...current.fields, ...change };
      if (change.title !== undefined) {
        if (!current.altsEdited.before) next.beforeAlt = beforeAltFor(change.title);
        if (!current.altsEdited.after) next.afterAlt = afterAltFor(change.title);
      }
      return { ...current, fields: next };
    });
  const setPhoto = (side: 'before' | 'after', photo: UploadedPhoto | null) =>
    setKept((current) => ({
      ...current,
      photos: { ...current.photos, [side]: photo },
      fields: { ...current.fields, [side === 'before' ? 'beforePhotoId' : 'afterPhotoId']: photo?.id ?? null },
    }));

  const submit = (action: 'draft' | 'publish') => {
    setFieldErrors({});
    save.mutate(
      { ...fields, action },
      {
        onSuccess: (project) => {
          localStorage.removeItem(keptKey(id));
          if (localStorage.getItem(newProjectKey) === id) localStorage.removeItem(newProjectKey);
          toast(
            action === 'publish'
              ? { title: 'Published', description: 'It is on the site now.' }
              : { title: 'Draft saved', description: 'Only you can see it.' },
          );
          navigate(`/projects/${project.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            try {
              setFieldErrors((JSON.parse(error.body) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {});
            } catch {
              // The message below says it.
            }
          }
          toast({
            title: action === 'publish' ? 'Not published' : 'Not saved',
            description: `${errorMessage(error)} Everything you typed is still here.`,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit('publish');
      }}
      className="flex flex-col gap-5 pb-4"
    >
      <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
      <Field label="Title" error={fieldErrors.title}>
        {(props) => (
          <input
            {...props}
            className={controlClass + ' h-12 px-3'}
            value={fields.title}
            maxLength={120}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </Field>
      <Field label="Service" error={fieldErrors.service}>
        {(props) => (
          <select
            {...props}
            className={controlClass + ' h-12 px-3'}
            value={fields.service ?? ''}
            onChange={(event) => set({ service: (event.target.value || null) as ProjectDraft['service'] })}
          >
            <option value="">Choose the service</option>
            {serviceSlugs.map((slug) => (
              <option key={slug} value={slug}>
                {serviceNames[slug]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Area" error={fieldErrors.area}>
        {(props) => (
          <select
            {...props}
            className={controlClass + ' h-12 px-3'}
            value={fields.area ?? ''}
            onChange={(event) => set({ area: (event.target.value || null) as ProjectDraft['area'] })}
          >
            <option value="">Choose the area</option>
            {locationSlugs.map((slug) => (
              <option key={slug} value={slug}>
                {locationNames[slug]}
              </option>
            ))}
            <option value={otherArea}>Other</option>
          </select>
        )}
      </Field>
      {fields.area === otherArea ? (
        <Field label="Town" error={fieldErrors.town}>
          {(props) => (
            <input
              {...props}
              className={controlClass + ' h-12 px-3'}
              value={fields.town}
              maxLength={60}
              onChange={(event) => set({ town: event.target.value })}
            />
          )}
        </Field>
      ) : null}
      <PhotoField
        label="Before photo"
        photo={kept.photos.before}
        error={fieldErrors.beforePhotoId}
        onPhoto={(photo) => setPhoto('before', photo)}
      />
      <PhotoField
        label="After photo"
        photo={kept.photos.after}
        error={fieldErrors.afterPhotoId}
        onPhoto={(photo) => setPhoto('after', photo)}
      />
      <Field label="Describe the before photo" hint="What a screen reader says of it." error={fieldErrors.beforeAlt}>
        {(props) => (
          <input
            {...props}
            className={controlClass + ' h-12 px-3'}
            value={fields.beforeAlt}
            maxLength={300}
            onChange={(event) => {
              const beforeAlt = event.target.value;
              setKept((current) => ({
                ...current,
                fields: { ...current.fields, beforeAlt },
                altsEdited: { ...current.altsEdited, before: true },
              }));
            }}
          />
        )}
      </Field>
      <Field label="Describe the after photo" hint="What a screen reader says of it." error={fieldErrors.afterAlt}>
        {(props) => (
          <input
            {...props}
            className={controlClass + ' h-12 px-3'}
            value={fields.afterAlt}
            maxLength={300}
            onChange={(event) => {
              const afterAlt = event.target.value;
              setKept((current) => ({
                ...current,
                fields: { ...current.fields, afterAlt },
                altsEdited: { ...current.altsEdited, after: true },
              }));
            }}
          />
        )}
      </Field>
      <Field label="What was wrong" error={fieldErrors.problem}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            className={controlClass + ' px-3 py-2'}
            value={fields.problem}
            maxLength={4000}
            onChange={(event) => set({ problem: event.target.value })}
          />
        )}
      </Field>
      <Field label="What we did" error={fieldErrors.solution}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            className={controlClass + ' px-3 py-2'}
            value={fields.solution}
            maxLength={4000}
            onChange={(event) => set({ solution: event.target.value })}
          />
        )}
      </Field>
      <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-cream-200 bg-cream-50 px-4 py-3 sm:mx-0 sm:px-0">
        <Button
          type="button"
          variant="outline"
          className="flex-1"
          disabled={save.isPending}
          onClick={() => submit('draft')}
        >
          Save draft
        </Button>
        <Button type="submit" className="flex-1" disabled={save.isPending}>
          Publish
        </Button>
      </div>
    </form>
  );
}

function pickFields(project: OwnerProject): ProjectDraft {
  const { title, service, area, town, beforePhotoId, afterPhotoId, beforeAlt, afterAlt, problem, solution } = project;
  return { title, service, area, town, beforePhotoId, afterPhotoId, beforeAlt, afterAlt, problem, solution };
}
