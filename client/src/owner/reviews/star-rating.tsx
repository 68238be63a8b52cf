import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Five stars, `stars` of them filled; read as "4 stars". */
export function StarRating({ stars, className }: { stars: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      <span className="sr-only">{`${stars} ${stars === 1 ? 'star' : 'stars'}`}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-5', n <= stars ? 'fill-wood-500 text-wood-500' : 'fill-none text-ink-muted/50')}
        />
      ))}
    </span>
  );
}
