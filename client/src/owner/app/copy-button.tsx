import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';

/** Copy: the text to the clipboard, "Copied!" for two seconds; where the browser refuses, how to copy by hand. */
export function CopyButton({
  text,
  what,
  size,
  disabled,
}: {
  text: string;
  /** What is copied, for the message when it cannot be: "the link". */
  what: string;
  size?: 'sm';
  disabled?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({ title: 'Could not copy', description: `Select ${what} and copy it by hand.`, variant: 'destructive' });
    }
  };
  return (
    <Button type="button" variant="secondary" size={size} onClick={() => void copy()} disabled={disabled}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}
