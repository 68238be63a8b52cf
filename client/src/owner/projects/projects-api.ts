import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadedPhoto } from '@shared/content/types';
import type { OwnerProject, ProjectDraft } from '@shared/schemas/owner-projects';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerFetch, ownerJson } from '../app/owner-api';

const projectsKey = [ownerApi, 'projects'];

/** The owner's projects, drafts and published, newest first. */
export function useProjects() {
  return useQuery({
    queryKey: projectsKey,
    queryFn: getQueryFn<{ projects: OwnerProject[] }>({ on401: 'throw' }),
    select: (data) => data?.projects ?? [],
    staleTime: 0,
  });
}

export function useProject(id: string) {
  return useQuery({
    queryKey: [...projectsKey, id],
    queryFn: getQueryFn<OwnerProject>({ on401: 'throw' }),
    staleTime: 0,
  });
}

/** A change to one project: what the server answers is the project's page, and the list is loaded again. */
function useProjectChange<T>(id: string, change: (body: T) => Promise<OwnerProject>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (project) => {
      client.setQueryData([...projectsKey, id], project);
      void client.invalidateQueries({ queryKey: projectsKey, exact: true });
    },
  });
}

/** Saves (as a draft, or published) under the id the app chose: a retry saves the same project. */
export function useSaveProject(id: string) {
  return useProjectChange(id, (body: ProjectDraft & { action: 'draft' | 'publish' }) =>
    ownerJson<OwnerProject>('PUT', `/projects/${id}`, body),
  );
}

export function useUnpublishProject(id: string) {
  return useProjectChange<void>(id, () => ownerJson<OwnerProject>('POST', `/projects/${id}/unpublish`));
}

/** Uploads one project photo (its bytes as the body); the server makes its sizes and answers with them. */
export async function uploadProjectPhoto(file: Blob, signal?: AbortSignal): Promise<UploadedPhoto> {
  const response = await ownerFetch('/project-photos', {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
    signal,
  });
  return (await response.json()) as UploadedPhoto;
}

/** A variant of a project photo for the owner's own pages (a draft's photos are not public). */
export const projectPhotoHref = (photo: UploadedPhoto, width = 480) =>
  `${ownerApi}/project-photos/${photo.id}-${width}.jpg`;
