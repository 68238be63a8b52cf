import { usPhone } from '@shared/schemas/business-details';
import { useNumberThreads, useSendToNumber, type NumberThread } from './texts-api';
import { TextThread } from './text-thread';
import { ThreadToRequest } from './thread-to-request';

function NumberThreadCard({ thread }: { thread: NumberThread }) {
  const send = useSendToNumber(thread.phone);
  const number = usPhone(thread.phone)?.display ?? thread.phone;
  return (
    <div>
      <TextThread
        title={`Texts with ${number}${thread.waiting ? ', waiting for your answer' : ''}`}
        texts={thread.texts}
        send={send.mutateAsync}
        sending={send.isPending}
      />
      <ThreadToRequest phone={thread.phone} />
    </div>
  );
}

/**
 * The inbox's "Texts": numbers with no request that texted the business, each a thread he can
 * answer or make a quote request. Shown only when there is one.
 */
export function NumberThreads() {
  const threads = useNumberThreads();
  const list = threads.data?.threads ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="number-threads" className="mt-6">
      <h2 id="number-threads" className="text-xl font-bold">
        Texts
      </h2>
      <p className="mt-1 text-sm text-ink-muted">From numbers with no quote request yet.</p>
      <div className="mt-3 grid gap-5">
        {list.map((thread) => (
          <NumberThreadCard key={thread.phone} thread={thread} />
        ))}
      </div>
    </section>
  );
}
