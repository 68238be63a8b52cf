import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { budgetRanges, projectTypes } from '@shared/schemas/quote-options';
import { Button } from '@/components/ui/button';
import { LabelledInput, LabelledSelect } from '../app/labelled-input';
import { errorMessage, refusal, useSessionEnded } from '../app/owner-api';
import { useTurnIntoRequest } from './texts-api';

/**
 * Make it a quote request: the fields a request needs besides her number (name, e-mail, project,
 * city, budget), and her texts move onto the new request, which opens.
 */
export function ThreadToRequest({ phone }: { phone: string }) {
  const id = useId();
  const [, navigate] = useLocation();
  const turn = useTurnIntoRequest(phone);
  const sessionEnded = useSessionEnded();
  const [fields, setFields] = useState({
    name: '',
    email: '',
    projectType: '',
    city: '',
    budgetRange: '',
    message: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (value: string) => setFields((before) => ({ ...before, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    turn.mutate(
      { ...fields, message: fields.message.trim() || undefined },
      {
        onSuccess: ({ id: requestId }) => navigate(`/requests/${requestId}`),
        onError: (error) => {
          sessionEnded(error);
          const said = refusal<{ fieldErrors: Record<string, string[]> }>(error, 400)?.fieldErrors;
          const first = said ? Object.values(said)[0]?.[0] : undefined;
          setProblem(first ?? errorMessage(error));
        },
      },
    );
  };
  return (
    <details className="mt-3 rounded-lg border border-cream-200 bg-cream-50 p-4">
      <summary className="cursor-pointer font-semibold text-pine-900">Make it a quote request</summary>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
        <LabelledInput id={`${id}-name`} label="Name" value={fields.name} onValue={set('name')} />
        <LabelledInput id={`${id}-email`} label="E-mail" type="email" value={fields.email} onValue={set('email')} />
        <LabelledSelect
          id={`${id}-project`}
          label="Project type"
          value={fields.projectType}
          onValue={set('projectType')}
          choices={[['', 'Choose…'], ...projectTypes]}
        />
        <LabelledInput id={`${id}-city`} label="City" value={fields.city} onValue={set('city')} />
        <LabelledSelect
          id={`${id}-budget`}
          label="Budget"
          value={fields.budgetRange}
          onValue={set('budgetRange')}
          choices={[['', 'Choose…'], ...budgetRanges]}
        />
        <LabelledInput
          id={`${id}-message`}
          label="Message (optional)"
          value={fields.message}
          onValue={set('message')}
        />
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-rim-700 sm:col-span-2">
            {problem}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="sm" disabled={turn.isPending} className="justify-self-start">
          Save as a quote request
        </Button>
      </form>
    </details>
  );
}
