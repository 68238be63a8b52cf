import { Picture } from '@/components/ui/picture';
import { cn } from '@/lib/utils';

/**
 * The Rim Country landscape behind a page hero, darkened by `overlayClassName` so white text on
 * it stays readable. The hero section must be `relative isolate`.
 */
export function HeroBackdrop({ overlayClassName }: { overlayClassName: string }) {
  return (
    <>
      <Picture
        name="hero/home"
        kind="hero"
        alt=""
        priority
        sizes="100vw"
        className="absolute inset-0 -z-10"
        imgClassName="h-full w-full object-cover object-[70%_center]"
      />
      <div className={cn('absolute inset-0 -z-10', overlayClassName)} />
    </>
  );
}
