import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleHelp, Mail, MessageSquare, Phone } from 'lucide-react';
import { useId } from 'react';
import { arizonaLongDateTime } from '@shared/arizona-time';
import { business } from '@shared/content/business';
import type { AnswerChannel, RequestDetail } from '@shared/schemas/owner-inbox';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, ownerApi, ownerFetch, useSessionEnded } from '../app/owner-api';
import { refreshLists, useRecordAnswer } from './requests-api';
import { firstName as firstNameOf, greeting, phoneTarget, textHref } from '../app/formats';

/**
 * The homeowner's questions still waiting are answered: sent with keepalive, so that a tap on
 * Call, Text or E-mail is recorded while the phone opens its app. The request and the lists are
 * loaded again, so it leaves the New filter.
 */
function useAnswerQuestion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await ownerFetch(`/requests/${id}/question-answered`, { method: 'POST', keepalive: true });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ownerApi, 'requests', id] });
      void refreshLists(client);
    },
  });
}

/**
 * A question the homeowner asked on her estimate's page, at the top of the request's page until
 * he answers it: what she asked, and Call, Text or E-mail her about it (a tap counts as the
 * answer, as on the request's own buttons), or Mark answered when he answered some other way.
 */
export function QuestionCard({ detail }: { detail: RequestDetail }) {
  const headingId = useId();
  const answer = useAnswerQuestion(detail.id);
  const { record } = useRecordAnswer(detail.id);
  const sessionEnded = useSessionEnded();
  const waiting = detail.notes.filter((note) => note.author === 'homeowner' && note.answeredAt === null);
  if (!detail.questionAt || waiting.length === 0) return null;
  const firstName = firstNameOf(detail.name);
  const asked = waiting.map((note) => note.body).join('\n\n');

  const answered = (via: AnswerChannel | null) => () => {
    if (via && !detail.firstAnsweredAt) record.mutate(via, { onError: sessionEnded });
    answer.mutate(undefined, {
      onSuccess: () => {
        if (!via) toast({ title: 'Question marked answered' });
      },
      onError: (error) => {
        sessionEnded(error);
        toast({ title: 'Could not mark it answered', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };
  const reply = `${greeting(detail.name)} about your question on the estimate.`;
  const sms = textHref(detail.phone, reply);
  const quoted = asked
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const mailto = `mailto:${encodeURIComponent(detail.email)}?subject=${encodeURIComponent(
    `Your question about the estimate - ${business.name}`,
  )}&body=${encodeURIComponent(`Hi ${firstName},\n\nYou asked:\n${quoted}\n\n`)}`;
  const link = (variant: 'primary' | 'secondary') => cn(buttonVariants({ variant, size: 'md' }), 'px-3');

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border-2 border-wood-300 bg-wood-100/60 p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-pine-900">
        <CircleHelp aria-hidden="true" className="size-5 text-wood-700" />
        {firstName} asked a question
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        On the estimate, {arizonaLongDateTime(new Date(detail.questionAt))} (Arizona time). It waits for your answer.
      </p>
      <blockquote className="mt-3 rounded-lg bg-white p-3 whitespace-pre-wrap text-ink">{asked}</blockquote>
      <div className="mt-3 grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        <a href={`tel:${phoneTarget(detail.phone)}`} onClick={answered('call')} className={link('secondary')}>
          <Phone aria-hidden="true" />
          Call
        </a>
        <a href={sms} onClick={answered('text')} className={link('secondary')}>
          <MessageSquare aria-hidden="true" />
          Text
        </a>
        <a href={mailto} onClick={answered('email')} className={link('primary')}>
          <Mail aria-hidden="true" />
          E-mail
        </a>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button type="button" variant="outline" size="sm" disabled={answer.isPending} onClick={answered(null)}>
          Mark answered
        </Button>
        <span className="text-sm text-ink-muted">Answered some other way? Mark it, and it stops waiting.</span>
      </div>
    </section>
  );
}
