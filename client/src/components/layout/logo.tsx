import { business } from '@shared/content/business';
import { paths } from '@shared/routes';
import { SiteLink } from '@/components/ui/site-link';
import { cn } from '@/lib/utils';

/** Logo mark and name, linking home. */
export function Logo({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <SiteLink href={paths.home} className={cn('flex items-center gap-2.5 rounded-md', className)}>
      <img src="/img/brand/logo.svg" alt="" width={44} height={44} className="size-10 shrink-0 2xl:size-11" />
      <span className="flex flex-col leading-none">
        <span
          className={cn(
            // Under 360 px the name takes two lines, so the header's buttons still fit beside it.
            'font-display text-lg font-bold whitespace-nowrap max-[359px]:text-base max-[359px]:leading-tight max-[359px]:whitespace-normal xl:text-[1.0625rem] 2xl:text-lg',
            tone === 'dark' ? 'text-pine-900' : 'text-white',
          )}
        >
          {business.name}
        </span>
        <span
          className={cn(
            'mt-1 text-[0.65rem] font-semibold tracking-[0.12em] whitespace-nowrap uppercase max-[359px]:hidden',
            tone === 'dark' ? 'text-wood-700' : 'text-wood-200',
          )}
        >
          Payson · Northern AZ
        </span>
      </span>
    </SiteLink>
  );
}
