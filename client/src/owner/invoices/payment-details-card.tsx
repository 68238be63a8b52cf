import { useState, type FormEvent } from 'react';
import { paymentDetailsSchema, type PaymentDetails } from '@shared/schemas/invoices';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { Problem } from '../app/feedback';
import { LabelledInput } from '../app/labelled-input';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { controlClass, labelClass } from '../app/styles';
import { usePaymentDetails, useSavePaymentDetails } from './invoices-api';

/**
 * How homeowners pay him, a card of its own in Settings (GET/PUT /api/owner/payment-details): the
 * payee for checks, Zelle, Venmo, Cash App, other words, and the days an invoice gives to pay.
 * Each invoice prints them as they were when it was made; the QR codes are his photos of them.
 */
export function PaymentDetailsCard() {
  const details = usePaymentDetails();
  if (!details.data) return null;
  return <DetailsForm initial={details.data} />;
}

function DetailsForm({ initial }: { initial: PaymentDetails }) {
  const save = useSavePaymentDetails();
  const sessionEnded = useSessionEnded();
  const [values, setValues] = useState({ ...initial, termsDays: String(initial.termsDays) });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (value: string) => setValues((before) => ({ ...before, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentDetailsSchema.safeParse({ ...values, termsDays: Number(values.termsDays.trim() || NaN) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the payment details.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Payment details saved', description: 'New invoices show them.' }),
      onError: (error) => {
        sessionEnded(error);
        setProblem(errorMessage(error));
      },
    });
  };

  return (
    <CardSection title="Payment details">
      <p className="mt-1 text-sm text-ink-muted">
        How homeowners pay you, printed on every invoice. Your Venmo and Cash App QR codes are the ones in Photos.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <LabelledInput
          label="Make checks payable to"
          value={values.payee}
          onValue={set('payee')}
          className="sm:col-span-2"
        />
        <LabelledInput label="Zelle e-mail or mobile number" value={values.zelle} onValue={set('zelle')} />
        <LabelledInput label="Venmo name" placeholder="@YourBusiness" value={values.venmo} onValue={set('venmo')} />
        <LabelledInput
          label="Cash App name"
          placeholder="$YourBusiness"
          value={values.cashApp}
          onValue={set('cashApp')}
        />
        <LabelledInput
          label="Days to pay an invoice"
          inputMode="numeric"
          value={values.termsDays}
          onValue={set('termsDays')}
        />
        <div className="sm:col-span-2">
          <label className={labelClass} htmlFor="payment-instructions">
            Other instructions
          </label>
          <textarea
            id="payment-instructions"
            value={values.instructions}
            onChange={(event) => set('instructions')(event.target.value)}
            rows={3}
            className={`${controlClass} mt-1.5 px-3 py-2`}
          />
        </div>
        {problem ? <Problem className="sm:col-span-2">{problem}</Problem> : null}
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending} className="justify-self-start">
          Save payment details
        </Button>
      </form>
    </CardSection>
  );
}
