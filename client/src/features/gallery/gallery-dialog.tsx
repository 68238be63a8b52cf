import { ArrowRight, MapPin } from 'lucide-react';
import type { GalleryItem } from '@shared/content/types';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Picture } from '@/components/ui/picture';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type GalleryView = 'before' | 'after';

const views = [
  { value: 'before', label: 'Before' },
  { value: 'after', label: 'After' },
] as const satisfies readonly { value: GalleryView; label: string }[];

/**
 * One project full screen: Before and After tabs, the photo, the challenge and the solution.
 * Fully controlled: open while `item` is set; the caller owns the view and returns focus on close.
 */
export function GalleryDialog({
  item,
  view,
  onViewChange,
  onClose,
  onCloseAutoFocus,
}: {
  item: GalleryItem | null;
  view: GalleryView;
  onViewChange: (view: GalleryView) => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent
          closeLabel="Close project"
          onCloseAutoFocus={onCloseAutoFocus}
          className="h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] overflow-y-auto overscroll-contain lg:overflow-hidden"
        >
          {/* Full screen at every size, so the photos are as large as the device allows, with a thin edge of backdrop to click. On large
              screens the picture fills the height beside a scrolling text column. */}
          <div className="grid min-h-full lg:h-full lg:grid-cols-[minmax(0,1fr)_minmax(22rem,30rem)]">
            <Tabs
              value={view}
              onValueChange={(value) => onViewChange(value === 'after' ? 'after' : 'before')}
              className="flex flex-col bg-pine-950 p-3 pt-3 sm:p-5 max-lg:rounded-t-2xl lg:min-h-0 lg:rounded-l-2xl"
            >
              <TabsList aria-label="Before or after" className="self-start">
                {views.map(({ value, label }) => (
                  <TabsTrigger key={value} value={value}>
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {views.map(({ value }) => (
                <TabsContent
                  key={value}
                  value={value}
                  className="mt-3 sm:mt-4 lg:flex lg:min-h-0 lg:flex-1 lg:items-center lg:justify-center"
                >
                  <Picture
                    name={value === 'before' ? item.beforeImage : item.afterImage}
                    kind="gallery"
                    alt={value === 'before' ? item.beforeAlt : item.afterAlt}
                    sizes="(min-width: 1024px) calc(100vw - 32rem), 100vw"
                    className="block lg:contents"
                    imgClassName="aspect-[4/3] h-auto w-full rounded-lg object-cover lg:max-h-full lg:w-auto lg:max-w-full"
                  />
                </TabsContent>
              ))}
            </Tabs>
            <div className="p-5 sm:p-8 lg:overflow-y-auto lg:overscroll-contain">
              <p className="pr-12 text-xs font-bold tracking-[0.14em] text-rim-600 uppercase">{item.serviceType}</p>
              <DialogTitle className="mt-2 pr-12 text-2xl leading-snug sm:text-3xl">{item.caption}</DialogTitle>
              <DialogDescription className="mt-2 inline-flex items-center gap-1.5 text-sm">
                <MapPin aria-hidden="true" className="size-4 text-wood-600" />
                {item.location}
              </DialogDescription>
              <h3 className="mt-6 border-t border-cream-200 pt-5 text-lg font-bold">The Challenge</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{item.problem}</p>
              <h3 className="mt-6 text-lg font-bold">The Solution</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{item.solution}</p>
              {item.href ? (
                <a
                  href={item.href}
                  className="mt-6 inline-flex min-h-11 items-center gap-1.5 font-semibold text-pine-700 underline-offset-4 hover:underline"
                >
                  The project&rsquo;s page <ArrowRight aria-hidden="true" className="size-4" />
                </a>
              ) : null}
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
