import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Radix toast primitives in the shadcn shape. Swipe right (50 px) or press the close button to dismiss; F8 focuses the region. */
export const ToastProvider = ToastPrimitive.Provider;

/**
 * Where the toasts show on a phone: under the sticky header (the owner's app), or at the foot of
 * the screen just above the action bar (Call, Text, Quote) of the public pages, where they cover
 * neither the page's heading nor the quote form's confirmation, which scrolls to the top of the
 * screen as its toast appears. From 640 px, bottom right either way.
 */
const viewportPlacements = {
  underHeader: 'top-(--header-height) sm:top-auto',
  aboveActionBar: 'bottom-[calc(4rem+env(safe-area-inset-bottom))]',
} as const;
export type ToastPlacement = keyof typeof viewportPlacements;

export function ToastViewport({
  className,
  placement = 'underHeader',
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport> & { placement?: ToastPlacement }) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // The empty viewport must not swallow clicks on what is below it.
        'pointer-events-none fixed inset-x-0 z-[100] m-0 flex max-h-screen list-none flex-col gap-2 p-4 outline-none sm:right-0 sm:bottom-0 sm:left-auto sm:w-[26rem] lg:p-6',
        viewportPlacements[placement],
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-14 shadow-lg data-[state=open]:animate-[fade-in_200ms_ease-out] motion-reduce:animate-none data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
  {
    variants: {
      variant: {
        default: 'border-cream-200 border-l-4 border-l-pine-600 bg-white text-ink',
        destructive: 'destructive border-rim-700 bg-rim-600 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      className={cn('font-display text-base font-bold text-pine-900 group-[.destructive]:text-white', className)}
      {...props}
    />
  );
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      className={cn('mt-0.5 text-sm text-ink-soft group-[.destructive]:text-white', className)}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        'absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-cream-100 hover:text-ink group-[.destructive]:text-white group-[.destructive]:hover:bg-white/15',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-5" />
    </ToastPrimitive.Close>
  );
}
