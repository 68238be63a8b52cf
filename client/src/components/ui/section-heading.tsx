import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Eyebrow, heading and intro of a page section. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  id,
  align = 'center',
  as: Heading = 'h2',
  className,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  id?: string;
  align?: 'center' | 'left';
  as?: 'h1' | 'h2';
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow ? <p className="text-sm font-bold tracking-[0.16em] text-rim-600 uppercase">{eyebrow}</p> : null}
      <Heading
        id={id}
        className={cn('mt-2 font-bold', Heading === 'h1' ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl')}
      >
        {title}
      </Heading>
      {children ? <div className="mt-4 text-lg text-ink-soft">{children}</div> : null}
    </div>
  );
}
