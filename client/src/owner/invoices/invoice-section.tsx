import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { longDay } from '@shared/arizona-time';
import { formatCents } from '@shared/schemas/estimates';
import { paymentMethodWords, type JobBilling, type OwnerInvoice } from '@shared/schemas/invoices';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { CardSection } from '../app/card-section';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useInvoiceActions, useRequestInvoices } from './invoices-api';
import { PaymentForm } from './payment-form';
import { VoidConfirm } from './void-confirm';

const money = (dollars: number) => formatCents(Math.round(dollars * 100));

/** The button's words for a part of the schedule: the deposit by that name, the others by their label. */
const partButton = (part: JobBilling['parts'][number]) =>
  part.index === 0 && part.due === 'approval' ? 'Invoice the deposit' : `Invoice ${part.label}`;

/**
 * Invoices on a request's page, once an estimate is approved: Invoice the deposit and each part of
 * the schedule, Final invoice, and each invoice with its balance, Send, Void, Record a payment, undo.
 */
export function InvoiceSection({ requestId, name }: { requestId: string; name: string }) {
  const invoices = useRequestInvoices(requestId);
  const actions = useInvoiceActions(requestId);
  const sessionEnded = useSessionEnded();
  const failed = (title: string) => (error: unknown) => {
    sessionEnded(error);
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };
  const billing = invoices.data?.billing;
  if (!billing) return null;
  const list = invoices.data?.invoices ?? [];

  const make = (input: { part?: number }, what: string) =>
    actions.create.mutate(input, {
      onSuccess: (made) =>
        toast({ title: `${made.number} made: ${money(made.total)}`, description: `${what}. Send it when ready.` }),
      onError: failed('The invoice was not made'),
    });

  return (
    <CardSection title="Invoices" icon={ReceiptText}>
      <p className="mt-1 text-sm text-ink-muted">
        Job total {money(billing.total)} · invoiced {money(billing.billed)} · left to bill {money(billing.left)}
      </p>
      {billing.left > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {billing.parts
            .filter((part) => !part.invoice && part.amount > 0)
            .map((part) => (
              <Button
                key={part.index}
                type="button"
                size="sm"
                variant={part.index === 0 ? 'primary' : 'outline'}
                className="h-auto min-h-10 py-2 whitespace-normal"

                disabled={actions.create.isPending}
                onClick={() => make({ part: part.index }, part.label)}
              >
                {partButton(part)} · {money(part.amount)}
              </Button>
            ))}
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="h-auto min-h-10 py-2 whitespace-normal"
            disabled={actions.create.isPending}
            onClick={() => make({}, 'What is left of the job')}
          >
            Final invoice · {money(billing.left)}
          </Button>
        </div>
      ) : null}
      {list.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          No invoice yet. {name} pays by check, cash, Zelle, Venmo or Cash App.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {list.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} actions={actions} failed={failed} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function InvoiceRow({
  invoice,
  actions,
  failed,
}: {
  invoice: OwnerInvoice;
  actions: ReturnType<typeof useInvoiceActions>;
  failed: (title: string) => (error: unknown) => void;
}) {
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const isVoid = invoice.status === 'void';
  const state = isVoid
    ? 'Void'
    : invoice.balance === 0
      ? 'Paid'
      : invoice.overdue
        ? 'Overdue'
        : invoice.sentAt
          ? 'Sent'
          : 'Not sent';
  const tone = isVoid
    ? 'bg-cream-200 text-ink-muted'
    : invoice.balance === 0
      ? 'bg-pine-700 text-white'
      : invoice.overdue
        ? 'bg-rim-100 text-rim-800'
        : 'bg-pine-100 text-pine-900';
  return (
    <li className={cn('rounded-lg border border-cream-200 p-3', isVoid && 'opacity-75')}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold">
          {invoice.number} · {invoice.title}
        </p>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', tone)}>{state}</span>
      </div>
      <p className="mt-1 text-sm">
        {money(invoice.total)}
        {invoice.extra > 0 ? ` (of which extra work ${money(invoice.extra)})` : ''} · due {longDay(invoice.dueDate)}
      </p>
      {!isVoid ? (
        <p className="text-sm font-semibold">
          Balance {money(invoice.balance)}
          {invoice.paid > 0 ? <span className="font-normal text-ink-muted"> · paid {money(invoice.paid)}</span> : null}
        </p>
      ) : null}
      {invoice.payments.length > 0 ? (
        <ul className="mt-2 grid gap-1 text-sm" aria-label={`Payments on ${invoice.number}`}>
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className={payment.undone ? 'text-ink-muted line-through' : undefined}>
                {money(payment.amount)} by {paymentMethodWords[payment.method]}
                {payment.reference ? ` (${payment.method === 'check' ? 'check ' : ''}${payment.reference})` : ''} ·{' '}
                {longDay(payment.receivedOn)}
              </span>
              {payment.undone ? (
                <span className="text-xs text-ink-muted">Undone</span>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={`Undo the payment of ${money(payment.amount)}`}
                  disabled={actions.undo.isPending}
                  onClick={() =>
                    actions.undo.mutate(
                      { id: invoice.id, paymentId: payment.id },
                      {
                        onSuccess: () =>
                          toast({ title: 'Payment undone', description: 'It stays in the history as undone.' }),
                        onError: failed('The payment was not undone'),
                      },
                    )
                  }
                >
                  Undo
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {!isVoid ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {invoice.balance > 0 && !paying ? (
            <Button type="button" size="sm" variant="secondary" onClick={() => setPaying(true)}>
              Record a payment
            </Button>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={actions.send.isPending}
            onClick={() =>
              actions.send.mutate(invoice.id, {
                onSuccess: () => toast({ title: `${invoice.number} sent`, description: 'With its link and the PDF.' }),
                onError: failed('The invoice was not sent'),
              })
            }
          >
            {invoice.sentAt ? 'Send again' : 'Send'}
          </Button>
          <a
            href={invoice.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-10 items-center px-2 text-sm font-semibold text-pine-800 underline underline-offset-2"
          >
            Open page<span className="sr-only"> of {invoice.number} (opens in a new tab)</span>
          </a>
          {invoice.paid === 0 ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={actions.voidInvoice.isPending}
              onClick={() => setVoiding(true)}
            >
              Void
            </Button>
          ) : null}
        </div>
      ) : null}
      {paying ? <PaymentForm invoice={invoice} pay={actions.pay} onDone={() => setPaying(false)} /> : null}
      <VoidConfirm
        number={invoice.number}
        open={voiding}
        voiding={actions.voidInvoice.isPending}
        onCancel={() => setVoiding(false)}
        onVoid={() =>
          actions.voidInvoice.mutate(invoice.id, {
            onSuccess: () => {
              setVoiding(false);
              toast({ title: `${invoice.number} is void` });
            },
            onError: failed('The invoice was not voided'),
          })
        }
      />
    </li>
  );
}
