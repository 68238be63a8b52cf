import { useId, useState, type FormEvent } from 'react';
import { arizonaDay } from '@shared/arizona-time';
import { formatCents } from '@shared/schemas/estimates';
import {
  paymentInputSchema,
  paymentMethodLabels,
  paymentMethods,
  type OwnerInvoice,
  type PaymentMethod,
} from '@shared/schemas/invoices';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { Problem } from '../app/feedback';
import { LabelledInput, LabelledSelect } from '../app/labelled-input';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import type { useInvoiceActions } from './invoices-api';

/**
 * Record a payment: how much (the balance to start with), how, the check number, the day it came.
 * One Idempotency-Key per opening of the form: a double tap, or a retry, records it once.
 */
export function PaymentForm({
  invoice,
  pay,
  onDone,
}: {
  invoice: OwnerInvoice;
  pay: ReturnType<typeof useInvoiceActions>['pay'];
  onDone: () => void;
}) {
  const id = useId();
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(invoice.balance.toFixed(2));
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => arizonaDay(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const sessionEnded = useSessionEnded();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentInputSchema.safeParse({
      amount: Number(amount.replace(/[$,\s]/g, '')),
      method,
      receivedOn,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the payment.');
      return;
    }
    setProblem(null);
    pay.mutate(
      { id: invoice.id, payment: parsed.data, key },
      {
        onSuccess: ({ balance }) => {
          toast({
            title:
              balance === 0
                ? `${invoice.number} is paid in full`
                : `Payment recorded: ${formatCents(balance * 100)} still due`,
            description: 'The homeowner gets a receipt by e-mail.',
          });
          onDone();
        },
        onError: (error) => {
          sessionEnded(error);
          setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mt-3 grid gap-3 rounded-lg bg-cream-50 p-3 sm:grid-cols-2"
    >
      <h4 id={`${id}-title`} className="font-bold sm:col-span-2">
        Record a payment on {invoice.number}
      </h4>
      <LabelledInput label="Amount" inputMode="decimal" value={amount} onValue={setAmount} autoComplete="off" />
      <LabelledSelect
        label="How"
        value={method}
        onValue={(value) => setMethod(value as PaymentMethod)}
        choices={paymentMethods.map((one) => [one, paymentMethodLabels[one]] as const)}
      />
      <LabelledInput
        label={method === 'check' ? 'Check number' : 'Reference (optional)'}
        value={reference}
        onValue={setReference}
        autoComplete="off"
      />
      <LabelledInput label="The day it came" type="date" value={receivedOn} onValue={setReceivedOn} />
      {problem ? <Problem className="sm:col-span-2">{problem}</Problem> : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={pay.isPending}>
          {pay.isPending ? 'Recording…' : 'Record the payment'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
