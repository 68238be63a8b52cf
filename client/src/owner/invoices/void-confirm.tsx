import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';

/** Asked once before an invoice is voided: it stays, marked void, and its number is never used again. */
export function VoidConfirm({
  number,
  open,
  voiding,
  onVoid,
  onCancel,
}: {
  number: string;
  open: boolean;
  voiding: boolean;
  onVoid: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent className="w-[calc(100%-1.5rem)] max-w-md p-5 pt-6">
        <DialogTitle className="pr-10 text-xl">Void {number}?</DialogTitle>
        <DialogDescription className="mt-3 text-base">
          Nothing will be due on it. It stays in the list marked void, and its number is not used again. The homeowner’s
          page will say it was cancelled; no reminder goes out.
        </DialogDescription>
        <div className="mt-5 grid gap-2 sm:flex sm:flex-row-reverse">
          <Button type="button" disabled={voiding} onClick={onVoid}>
            {voiding ? 'Voiding…' : 'Void the invoice'}
          </Button>
          <Button type="button" variant="outline" disabled={voiding} onClick={onCancel}>
            Keep it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
