import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { Button } from '@/components/ui/button';
import { toastFailure } from '../app/feedback';
import { ownerApi, ownerFetch } from '../app/owner-api';
import { TextThread } from './text-thread';
import { useSendText } from './texts-api';

/**
 * The request page's texts with her: the thread and the box that sends (POST
 * /api/owner/requests/<id>/texts). While her text waits for him, Mark answered says he answered
 * some other way (a call).
 */
export function RequestTexts({ detail }: { detail: RequestDetail }) {
  const send = useSendText(detail.id);
  const client = useQueryClient();
  const markAnswered = useMutation({
    mutationFn: () => ownerFetch(`/requests/${detail.id}/question-answered`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: [ownerApi] }),
    onError: toastFailure('Could not mark it answered'),
  });
  const texts = detail.texts ?? [];
  const waiting = texts.some((text) => text.waiting);
  return (
    <div className="grid gap-2">
      <TextThread texts={texts} send={send.mutateAsync} sending={send.isPending} />
      {waiting ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-cream-100 px-4 py-3">
          <p className="text-sm font-medium text-ink">Her text waits for your answer.</p>
          <Button variant="outline" size="sm" disabled={markAnswered.isPending} onClick={() => markAnswered.mutate()}>
            Mark answered
          </Button>
        </div>
      ) : null}
    </div>
  );
}
