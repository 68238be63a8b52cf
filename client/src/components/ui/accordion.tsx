import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Radix accordion in the shadcn shape. Use type="single" collapsible for "one open at a time, can be closed". */
export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('border-b border-cream-200 last:border-b-0', className)} {...props} />;
}

/** The trigger sits inside a heading (h3 by default; pass headingLevel to match the page outline). */
export function AccordionTrigger({
  className,
  children,
  headingLevel: Heading = 'h3',
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger> & { headingLevel?: 'h2' | 'h3' | 'h4' }) {
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="font-sans text-base font-semibold sm:text-lg">
        <AccordionPrimitive.Trigger
          className={cn(
            'group flex min-h-14 w-full items-center justify-between gap-4 rounded-lg py-4 text-left text-pine-900 transition-colors hover:text-rim-600 [&[data-state=open]>svg]:rotate-180',
            className,
          )}
          {...props}
        >
          <span>{children}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-rim-600 transition-transform duration-200 motion-reduce:transition-none"
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

/**
 * The answer. It stays in the DOM while closed (hidden), so prerendered pages carry every answer
 * for search engines and find-in-page.
 */
export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      forceMount
      className="overflow-hidden data-[state=closed]:hidden data-[state=open]:animate-[fade-in_200ms_ease-out] motion-reduce:animate-none"
      {...props}
    >
      <div className={cn('pb-5 text-ink-soft', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
