import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';

/**
 * Asked once before an estimate goes: who it goes to (her name and e-mail) and its total, so a
 * tap on Send never mails the wrong amount or address by surprise.
 */
export function SendConfirm({
  open,
  what = 'estimate',
  name,
  email,
  total,
  withOptions,
  sending,
  onSend,
  onCancel,
}: {
  open: boolean;
  /** What goes: the estimate, or a change order. */
  what?: string;
  name: string;
  email: string;
  /** The total without the optional lines; `withOptions` with every one, when there are some. */
  total: string;
  withOptions: string | null;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent className="w-[calc(100%-1.5rem)] max-w-md p-5 pt-6">
        <DialogTitle className="pr-10 text-xl">
          Send the {what} to {name}?
        </DialogTitle>
        <DialogDescription asChild>
          <div className="mt-3 grid gap-2 text-base">
            <p>
              It goes by e-mail to <strong className="text-pine-900 [overflow-wrap:anywhere]">{email}</strong>
            </p>
            <p>
              Total: <strong className="text-pine-900 tabular-nums">{total}</strong>
              {withOptions ? <span className="block text-sm">With every option: {withOptions}</span> : null}
            </p>
          </div>
        </DialogDescription>
        <div className="mt-5 grid gap-2 sm:flex sm:flex-row-reverse">
          <Button type="button" disabled={sending} onClick={onSend}>
            {sending ? 'Sending…' : 'Send now'}
          </Button>
          <Button type="button" variant="outline" disabled={sending} onClick={onCancel}>
            Not yet
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
