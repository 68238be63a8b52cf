import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { TextThread } from './text-thread';
import { useSendText } from './texts-api';

/** The request page's texts with her: the thread and the box that sends (POST /api/owner/requests/<id>/texts). */
export function RequestTexts({ detail }: { detail: RequestDetail }) {
  const send = useSendText(detail.id);
  return <TextThread texts={detail.texts ?? []} send={send.mutateAsync} sending={send.isPending} />;
}
