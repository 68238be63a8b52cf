import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { previewHref } from './estimates-api';

/**
 * The page the homeowner will see, shown in place of the form (the form stays as he left it),
 * with one obvious way back to editing at the top.
 */
export function EstimatePreview({ estimateId, onBack }: { estimateId: string; onBack: () => void }) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <section aria-label="Preview" className="mt-4 grid gap-3">
      <div className="sticky top-0 z-10 -mx-1 grid gap-2 bg-cream-50/95 px-1 py-2">
        <Button ref={back} type="button" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to editing
        </Button>
        <p className="text-sm text-ink-muted">This is the page the homeowner will see. Its buttons do nothing here.</p>
      </div>
      <iframe
        title="The homeowner's page"
        src={previewHref(estimateId)}
        className="h-[75vh] w-full rounded-lg border border-cream-200 bg-white"
      />
    </section>
  );
}
