import { MessageSquareText, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { arizonaLongDateTime } from '@shared/arizona-time';
import type { ThreadText } from '@shared/schemas/text-settings';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { CardSection } from '../app/card-section';
import { Problem } from '../app/feedback';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { controlClass, labelClass } from '../app/styles';

const statusWords: Record<string, string> = {
  queued: 'Waiting to send',
  scheduled: 'Scheduled',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  undelivered: 'Not delivered',
};

/** One text as a phone shows it: hers on the left, the business's on the right with how it went. */
function Bubble({ text }: { text: ThreadText }) {
  const mine = text.direction === 'out';
  const failed = text.status === 'failed' || text.status === 'undelivered';
  const scheduled = text.status === 'scheduled';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-6 whitespace-pre-wrap',
          mine ? 'rounded-br-md bg-pine-700 text-white' : 'rounded-bl-md bg-cream-100 text-ink',
          failed && 'bg-white text-ink ring-1 ring-rim-500',
          scheduled && 'bg-pine-50 text-ink ring-1 ring-pine-200',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Her text: '}</span>
        {text.body}
      </p>
      <p className={cn('mt-1 px-1 text-xs text-ink-muted', failed && 'font-medium text-rim-700')}>
        {arizonaLongDateTime(new Date(text.at))}
        {mine ? ` · ${statusWords[text.status] ?? text.status}` : ''}
        {mine && text.error && text.status !== 'sent' && text.status !== 'delivered' ? `: ${text.error}` : ''}
      </p>
    </li>
  );
}

/**
 * The texts with a homeowner, both ways, as a phone shows them, and a box that sends from the
 * business number (on a request's page, and on a thread of the inbox's Texts).
 */
export function TextThread({
  texts,
  send,
  sending,
  placeholder = 'Write a text…',
  title = 'Texts',
}: {
  title?: string;
  texts: ThreadText[];
  send: (body: string) => Promise<unknown>;
  sending: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const sessionEnded = useSessionEnded();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setProblem('Write the text first.');
    setProblem(null);
    send(body.trim()).then(
      () => setBody(''),
      (error: unknown) => {
        sessionEnded(error);
        setProblem(errorMessage(error));
      },
    );
  };
  return (
    <CardSection title={title} icon={MessageSquareText}>
      {texts.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No texts yet.</p>
      ) : (
        <ol className="mt-3 grid gap-3" aria-label="Texts, oldest first">
          {texts.map((text) => (
            <Bubble key={text.id} text={text} />
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="mt-4 grid gap-2">
        <label htmlFor={`${id}-body`} className={labelClass}>
          Text her from the business number
        </label>
        <textarea
          id={`${id}-body`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={3}
          maxLength={1000}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={cn(controlClass, 'px-3 py-2')}
        />
        {problem ? <Problem id={`${id}-problem`}>{problem}</Problem> : null}
        <Button type="submit" disabled={sending} className="justify-self-end">
          <Send aria-hidden="true" />
          {sending ? 'Sending…' : 'Send text'}
        </Button>
      </form>
    </CardSection>
  );
}
