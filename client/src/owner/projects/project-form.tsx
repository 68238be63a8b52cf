import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { locationNames, serviceNames } from '@shared/content/names';
import { locationSlugs, serviceSlugs } from '@shared/content/slugs';
import type { UploadedPhoto } from '@shared/content/types';
import { otherArea, type OwnerProject, type ProjectDraft } from '@shared/schemas/owner-projects';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { errorMessage, refusal } from '../app/owner-api';
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

type Side = 'before' | 'after';
const sides: Side[] = ['before', 'after'];
type TextName = 'title' | 'town' | 'beforeAlt' | 'afterAlt';
type Choices = readonly (readonly [value: string, text: string])[];
const serviceChoices: Choices = serviceSlugs.map((slug) => [slug, serviceNames[slug]]);
const areaChoices: Choices = [
  ...locationSlugs.map((slug) => [slug, locationNames[slug]] as const),
  [otherArea, 'Other'],
];
const altHint = 'What a screen reader says of it.';

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
  const setPhoto = (side: Side, photo: UploadedPhoto | null) =>
    setKept((current) => ({
      ...current,
      photos: { ...current.photos, [side]: photo },
      fields: { ...current.fields, [side === 'before' ? 'beforePhotoId' : 'afterPhotoId']: photo?.id ?? null },
    }));

  /** A description he wrote himself: the title no longer writes it. */
  const setAlt = (side: Side, text: string) =>
    setKept((current) => ({
      ...current,
      fields: { ...current.fields, [`${side}Alt`]: text },
      altsEdited: { ...current.altsEdited, [side]: true },
    }));

  const textBox = (name: TextName, label: string, maxLength: number, onText: (text: string) => void, hint?: string) => (
    <Field label={label} hint={hint} error={fieldErrors[name]}>
      {(props) => (
        <input
          {...props}
          className={controlClass + ' h-12 px-3'}
          value={fields[name]}
          maxLength={maxLength}
          onChange={(event) => onText(event.target.value)}
        />
      )}
    </Field>
  );
  const choice = (name: 'service' | 'area', label: string, prompt: string, choices: Choices) => (
    <Field label={label} error={fieldErrors[name]}>
      {(props) => (
        <select
          {...props}
          className={controlClass + ' h-12 px-3'}
          value={fields[name] ?? ''}
          onChange={(event) => set({ [name]: event.target.value || null })}
        >
          <option value="">{prompt}</option>
          {choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const story = (name: 'problem' | 'solution', label: string) => (
    <Field label={label} error={fieldErrors[name]}>
      {(props) => (
        <textarea
          {...props}
          rows={4}
          className={controlClass + ' px-3 py-2'}
          value={fields[name]}
          maxLength={4000}
          onChange={(event) => set({ [name]: event.target.value })}
        />
      )}
    </Field>
  );

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
          // A 400 names the fields; anything else, the message below says it.
          const refused = refusal<{ fieldErrors: Record<string, string> }>(error, 400);
          if (refused) setFieldErrors(refused.fieldErrors ?? {});
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
      {textBox('title', 'Title', 120, (title) => set({ title }))}
      {choice('service', 'Service', 'Choose the service', serviceChoices)}
      {choice('area', 'Area', 'Choose the area', areaChoices)}
      {fields.area === otherArea ? textBox('town', 'Town', 60, (town) => set({ town })) : null}
      {sides.map((side) => (
        <PhotoField
          key={side}
          label={side === 'before' ? 'Before photo' : 'After photo'}
          photo={kept.photos[side]}
          error={fieldErrors[`${side}PhotoId`]}
          onPhoto={(photo) => setPhoto(side, photo)}
        />
      ))}
      {textBox('beforeAlt', 'Describe the before photo', 300, (text) => setAlt('before', text), altHint)}
      {textBox('afterAlt', 'Describe the after photo', 300, (text) => setAlt('after', text), altHint)}
      {story('problem', 'What was wrong')}
      {story('solution', 'What we did')}
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
