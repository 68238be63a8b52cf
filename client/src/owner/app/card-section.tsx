import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { cardClass } from './styles';

/** A card of the owner's pages: a section named by its heading, with an icon before it when it has one. */
export function CardSection({
  title,
  icon: Icon,
  iconClassName = 'text-wood-700',
  className,
  children,
}: {
  title: ReactNode;
  icon?: LucideIcon;
  iconClassName?: string;
  /** Added to the card's own classes (a margin above it). */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn(cardClass, className, 'p-5')}>
      <h2 id={id} className={Icon ? 'flex items-center gap-2 text-lg font-bold' : 'text-lg font-bold'}>
        {Icon ? <Icon aria-hidden="true" className={cn('size-5', iconClassName)} /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
