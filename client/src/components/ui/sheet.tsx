import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const Sheet = Dialog.Root;

/** A right-hand drawer on Radix Dialog: focus stays inside, Escape and the backdrop close it. */
export function SheetContent({
  title,
  description,
  className,
  children,
  ...props
}: {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
} & Pick<ComponentProps<typeof Dialog.Content>, 'id' | 'onCloseAutoFocus'>) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-pine-950/60 motion-safe:data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-cream-50 shadow-2xl motion-safe:data-[state=open]:animate-[slide-in-right_200ms_ease-out]',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="flex items-center justify-between border-b border-cream-200 px-5 py-4">
          <Dialog.Title className="font-display text-lg font-bold text-pine-900">{title}</Dialog.Title>
          <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-lg text-pine-900 hover:bg-pine-100">
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Close menu</span>
          </Dialog.Close>
        </div>
        {description ? <Dialog.Description className="sr-only">{description}</Dialog.Description> : null}
        <div className="flex-1 overflow-y-auto overscroll-contain">{children}</div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
