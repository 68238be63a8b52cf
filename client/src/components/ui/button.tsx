import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-[1.15em] [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-rim-600 text-white shadow-sm hover:bg-rim-700',
        secondary: 'bg-pine-800 text-white shadow-sm hover:bg-pine-900',
        outline: 'border-2 border-pine-800 text-pine-900 hover:bg-pine-800 hover:text-white',
        light: 'bg-cream-50 text-pine-900 shadow-sm hover:bg-white',
        ghostLight: 'border-2 border-white/70 text-white hover:bg-white/10',
        linkLight: 'text-white underline-offset-4 hover:bg-white/10 hover:underline',
        ghost: 'text-pine-900 hover:bg-pine-100',
      },
      size: {
        sm: 'h-10 px-3 text-sm',
        md: 'h-11 px-5 text-base',
        lg: 'h-13 px-7 text-lg',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

/** A <button>. Links that look like buttons use buttonVariants on the link itself. */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
