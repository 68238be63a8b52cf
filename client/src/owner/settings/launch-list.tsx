import { useQuery } from '@tanstack/react-query';
import { Rocket } from 'lucide-react';
import { Link } from 'wouter';
import type { LaunchItem } from '@shared/launch-list';
import { getQueryFn } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { cardClass } from '../app/styles';

/**
 * "Before going live: N left" on /owner while anything is a placeholder, each item linking to
 * where he fixes it: the list `npm run check:launch` prints (GET /api/owner/launch). Nothing
 * left: nothing shown.
 */
export function LaunchList() {
  const launch = useQuery({
    queryKey: ['/api/owner', 'launch'],
    queryFn: getQueryFn<{ items: LaunchItem[] }>({ on401: 'throw' }),
  });
  const items = launch.data?.items ?? [];
  if (items.length === 0) return null;
  const inApp = items.filter((item) => item.href);
  const onServer = items.filter((item) => !item.href);
  return (
    <details className={cn(cardClass, 'mb-5 border-wood-300 bg-wood-50 p-4')}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-bold text-pine-900">
        <Rocket aria-hidden="true" className="size-5 text-wood-700" />
        Before going live: {items.length} left
      </summary>
      {inApp.length ? (
        <ul className="mt-3 grid gap-1.5">
          {inApp.map((item) => (
            // A link or address in an item wraps anywhere rather than widen the page on a phone.
            <li key={item.id} className="min-w-0 [overflow-wrap:anywhere]">
              <Link href={`~${item.href}`} className="font-semibold text-pine-800 underline underline-offset-4">
                {item.what}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {onServer.length ? (
        <>
          <p className="mt-3 text-sm font-semibold text-ink">For whoever runs the server (files and settings there):</p>
          <ul className="mt-1 grid list-disc gap-1 pl-5 text-sm text-ink-soft">
            {onServer.map((item) => (
              <li key={item.id} className="[overflow-wrap:anywhere]">
                {item.what}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </details>
  );
}
