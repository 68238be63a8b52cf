import { CircleAlert, CircleCheck } from 'lucide-react';
import { TOAST_DEFAULT_DURATION, useToast } from '@/lib/use-toast';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  type ToastPlacement,
} from './toast';

/**
 * Renders the current toast (at most one, see lib/use-toast). Mounted once in the app shell.
 * `placement`: where they show on a phone (ToastViewport).
 */
export function Toaster({ placement }: { placement?: ToastPlacement } = {}) {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TOAST_DEFAULT_DURATION} swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, duration, open }) => {
        const Icon = variant === 'destructive' ? CircleAlert : CircleCheck;
        return (
          <Toast
            key={id}
            variant={variant}
            duration={duration}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-600 group-[.destructive]:text-white" />
            <div className="min-w-0">
              <ToastTitle>{title}</ToastTitle>
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport placement={placement} />
    </ToastProvider>
  );
}
