import { sitePictureMessages, webAddressOf } from '@shared/schemas/site-pictures';
import { Button } from '@/components/ui/button';

/**
 * What a QR code says, word for word: a link only when it is a web address (a `javascript:` or
 * other code is text, never something to tap).
 */
function CodeText({ text }: { text: string }) {
  const address = webAddressOf(text);
  return address ? (
    <a
      href={address.href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono text-sm break-all text-pine-800 underline underline-offset-4"
    >
      {text}
    </a>
  ) : (
    <code className="font-mono text-sm break-all text-ink">{text}</code>
  );
}

/** Under his QR code on /owner/photos: what a phone opens when it scans it. */
export function QrCodeText({ text }: { text: string }) {
  return (
    <p className="mt-2 text-sm text-ink-muted">
      Scanning it opens: <CodeText text={text} />
    </p>
  );
}

/** A QR code that opens no payment app: he reads what it says before it goes on the site. */
export function QrCodeConfirm({
  text,
  pending,
  onConfirm,
  onCancel,
}: {
  text: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="alert" className="mt-3 rounded-lg border border-wood-300 bg-wood-50 p-3">
      <p className="text-sm font-semibold text-rim-700">{sitePictureMessages.qrNotAPaymentApp}</p>
      <p className="mt-2 text-sm text-ink">
        Scanning it opens: <CodeText text={text} />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" onClick={onConfirm} disabled={pending}>
          {pending ? 'Preparing the code…' : 'Put this code on the site'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
