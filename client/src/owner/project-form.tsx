import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { locationNames, serviceNames } from '@shared/content/names';
import { locationSlugs, serviceSlugs } from '@shared/content/slugs';
import type { UploadedPhoto } from '@shared/content/types';
import { otherArea, type OwnerProject, type ProjectDraft } from '@shared/schemas/owner-projects';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { errorMessage, projectPhotoHref, uploadProjectPhoto, useProject, useSaveProject } from './api';
import { controlClass, labelClass } from './styles';

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

interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">
        {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-rim-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Upload = { status: 'idle' } | { status: 'uploading' } | { status: 'failed'; message: string; file: File };

/**
 * A photo from the camera or the library. An iPhone's HEIC is turned into a JPEG here first (the
 * server cannot read HEIC); a failed upload keeps the file, with Retry.
 */
function PhotoField({
  label,
  photo,
  error,
  onPhoto,
}: {
  label: string;
  photo: UploadedPhoto | null;
  error?: string;
  onPhoto: (photo: UploadedPhoto | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });

  const send = async (file: File) => {
    setUpload({ status: 'uploading' });
    try {
      const ready = await jpegIfHeic(file);
      onPhoto(await uploadProjectPhoto(ready));
      setUpload({ status: 'idle' });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? errorMessage(failure)
          : failure instanceof HeicError
            ? failure.message
            : 'The photo could not be sent. Check the connection and tap Retry.';
      setUpload({ status: 'failed', message, file });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const message = upload.status === 'failed' ? upload.message : error;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {photo ? (
        <img
          src={projectPhotoHref(photo)}
          alt=""
          width={photo.width}
          height={photo.height}
          className="mt-1.5 aspect-[4/3] h-auto w-full max-w-sm rounded-lg object-cover"
        />
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className="mt-1.5 block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-pine-800 file:px-4 file:font-semibold file:text-white"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <p role="status" className="mt-1 text-sm text-ink-muted">
        {upload.status === 'uploading' ? 'Uploading and preparing the photo…' : photo ? 'Photo added.' : ''}
      </p>
      {message ? (
        <div id={`${id}-message`} className="mt-1 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-semibold text-rim-700">
            {message}
          </p>
          {upload.status === 'failed' ? (
            <Button type="button" size="sm" variant="outline" onClick={() => void send(upload.file)}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

class HeicError extends Error {}

/** HEIC/HEIF as a JPEG the browser decodes (Safari on the iPhone can); anything else as it is. */
async function jpegIfHeic(file: File): Promise<Blob> {
  const isHeic = /image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
  if (!isHeic) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', 0.9),
    );
  } catch {
    throw new HeicError(
      'This iPhone photo (HEIC) cannot be read by this browser. Choose it on the iPhone, or set the camera to "Most Compatible".',
    );
  }
}
