import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { arizonaLongDateTime } from '@shared/arizona-time';
import { maxNoteLength, type RequestDetail } from '@shared/schemas/owner-inbox';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, photoHref, useSessionEnded, useSessionEndedBy } from '../app/owner-api';
import { useAddNote, useRequestDetail } from './requests-api';
import { AnswerButtons } from './answer-buttons';
import { mailtoHref } from './answer-messages';
import { useOwnerSignature } from '../settings';
import { StatusSection } from './status-section';
import { DeliverySection } from './delivery-section';
import { HistorySection } from './history-section';
import { BackToInbox } from '../app/back-to-inbox';
import { phoneTarget } from '../app/formats';
import { ReceivedTime, StatusBadge, useNow } from '../app/parts';
import { ReviewRequestSection } from '../reviews';
import { SourceSection } from './source-section';
import { QuestionCard } from './question-card';
import { RequestVisit } from '../visits';
import { EstimateSection } from '../estimates';
import { InvoiceSection } from '../invoices';
import { RequestTexts } from '../texts';
import { ErrorBoundary } from '../app/error-boundary';
import { cardClass, controlClass, labelClass } from '../app/styles';

/** One request: every field, the photo, ways to answer, its status, notes and what was sent. */
export function RequestPage({ id }: { id: string }) {
  const request = useRequestDetail(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(request.data);

  useSessionEndedBy(request.error);
  // A screen reader lands on the request's name once it is there, as after a page load.
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  return (
    <>
      <BackToInbox />
      {request.isPending ? (
        <p role="status" className="mt-6 text-ink-muted">
          Loading…
        </p>
      ) : null}
      {request.isError ? (
        <>
          <h1 className="mt-4 text-2xl font-bold text-pine-900">This request could not be opened</h1>
          <div role="alert" className={cn(cardClass, 'mt-4 p-5')}>
            <p className="font-semibold text-rim-700">{errorMessage(request.error)}</p>
          </div>
        </>
      ) : null}
      {request.data ? <RequestDetails detail={request.data} headingRef={headingRef} /> : null}
    </>
  );
}

function RequestDetails({
  detail,
  headingRef,
}: {
  detail: RequestDetail;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const now = useNow();
  const phone = phoneTarget(detail.phone);
  const signature = useOwnerSignature();
  const mailto = mailtoHref(detail, signature);

  return (
    <article className="mt-3" aria-labelledby="request-name">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 id="request-name" ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {detail.name}
        </h1>
        <StatusBadge status={detail.status} answered={detail.firstAnsweredAt !== null} />
      </div>
      <p className="mt-1 text-ink-soft">
        {detail.projectType} in {detail.city} · received <ReceivedTime iso={detail.createdAt} now={now} />
      </p>

      <QuestionCard detail={detail} />

      <AnswerButtons detail={detail} />

      <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <section aria-labelledby="request-fields" className={cn(cardClass, 'p-5')}>
            <h2 id="request-fields" className="text-lg font-bold">
              Request
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <Field label="Name">{detail.name}</Field>
              <Field label="Phone">
                <a href={`tel:${phone}`} className="font-semibold text-pine-800 underline underline-offset-2">
                  {detail.phone}
                </a>
              </Field>
              <Field label="E-mail">
                <a href={mailto} className="font-semibold break-all text-pine-800 underline underline-offset-2">
                  {detail.email}
                </a>
              </Field>
              <Field label="Project type">{detail.projectType}</Field>
              <Field label="City">{detail.city}</Field>
              <Field label="Budget">{detail.budgetRange}</Field>
              <Field label="Received" wide>
                {arizonaLongDateTime(new Date(detail.createdAt))} (Arizona time)
              </Field>
              <Field label="Message" wide>
                {detail.message ? (
                  <span className="whitespace-pre-wrap">{detail.message}</span>
                ) : (
                  <span className="text-ink-muted">No message</span>
                )}
              </Field>
            </dl>
          </section>

          {detail.photoUrl ? (
            <section aria-labelledby="request-photo" className={cn(cardClass, 'p-5')}>
              <div className="flex items-center justify-between gap-3">
                <h2 id="request-photo" className="text-lg font-bold">
                  Photo
                </h2>
                <a
                  href={photoHref(detail.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-sm font-semibold text-pine-800 underline underline-offset-2"
                >
                  Open full size
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </div>
              <img
                src={photoHref(detail.id)}
                alt={`Photo sent by ${detail.name}`}
                className="mt-3 max-h-[80vh] w-full rounded-lg bg-cream-100 object-contain"
              />
            </section>
          ) : null}
          <ErrorBoundary what="Texts">
            <RequestTexts detail={detail} />
          </ErrorBoundary>
        </div>

        <div className="grid content-start gap-5">
          <StatusSection detail={detail} />
          <RequestVisit detail={detail} />
          <ErrorBoundary what="Estimates">
            <EstimateSection detail={detail} />
          </ErrorBoundary>
          <ErrorBoundary what="Invoices">
            <InvoiceSection requestId={detail.id} name={detail.name} />
          </ErrorBoundary>
          <ErrorBoundary what="Where this request came from">
            <SourceSection detail={detail} />
          </ErrorBoundary>
          <ReviewRequestSection detail={detail} />
          <DeliverySection detail={detail} />
          <NotesSection detail={detail} />
          <HistorySection detail={detail} />
        </div>
      </div>
    </article>
  );
}

function Field({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-bold tracking-wide text-wood-700 uppercase">{label}</dt>
      {/* A long link or address she typed wraps anywhere, rather than widen the page on a phone. */}
      <dd className="mt-0.5 text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function NotesSection({ detail }: { detail: RequestDetail }) {
  const addNote = useAddNote(detail.id);
  const sessionEnded = useSessionEnded();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Write something first.');
      return;
    }
    setProblem(null);
    addNote.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        toast({ title: 'Note added' });
      },
      onError: (error) => {
        sessionEnded(error);
        setProblem(errorMessage(error));
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={cn(cardClass, 'p-5')}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        Notes
      </h2>
      {detail.notes.length > 0 ? (
        <ol className="mt-3 grid gap-3">
          {detail.notes.map((note) => (
            <li
              key={note.id}
              className={cn('rounded-lg p-3', note.author === 'homeowner' ? 'bg-pine-50' : 'bg-cream-50')}
            >
              <p className="text-xs font-semibold text-wood-700">
                {note.author === 'homeowner' ? `${detail.name}, on the estimate’s page · ` : null}
                <time dateTime={note.createdAt}>{arizonaLongDateTime(new Date(note.createdAt))}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-ink">{note.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No notes yet.</p>
      )}
      <form noValidate onSubmit={submit} className="mt-4">
        <label htmlFor={id} className={labelClass}>
          Add a note
        </label>
        <textarea
          id={id}
          value={text}
          maxLength={maxNoteLength}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          rows={3}
          className={cn(controlClass, 'mt-1.5 resize-y px-3.5 py-2.5 leading-6')}
        />
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="mt-1.5 text-sm font-medium text-rim-700">
            {problem}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="sm" disabled={addNote.isPending} className="mt-3">
          Add note
        </Button>
      </form>
    </section>
  );
}
