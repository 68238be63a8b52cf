import { Check, Share2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useShare } from './use-share';

interface ShareButtonProps {
  /** Title handed to the device's share sheet. */
  title: string;
  /** Optional text handed to the share sheet. */
  text?: string;
  className?: string;
  variant?: ButtonProps['variant'];
}

/** 'Share' button: native share sheet, or copies the page link and reads 'Copied!' for 2 seconds. */
export function ShareButton({ title, text, className, variant = 'outline' }: ShareButtonProps) {
  const { share, copied } = useShare({ title, text });
  const Icon = copied ? Check : Share2;
  return (
    <Button
      type="button"
      variant={variant}
      // A fixed minimum width keeps the row from jumping when the label changes.
      className={cn('min-w-32', className)}
      onClick={() => void share()}
    >
      <Icon aria-hidden="true" />
      {copied ? 'Copied!' : 'Share'}
    </Button>
  );
}
