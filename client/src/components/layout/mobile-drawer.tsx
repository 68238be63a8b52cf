import { Menu } from 'lucide-react';
import { lazy, useEffect, useRef, useState } from 'react';
import { LoadBoundary } from '@/components/load-boundary';
import { Button } from '@/components/ui/button';
import { loadWhenIdle } from '@/lib/after-page-load';

const loadPanel = () => import('./mobile-drawer-panel');
const MobileDrawerPanel = lazy(loadPanel);
const panelId = 'mobile-menu';

/**
 * Small-screen menu (an island; `path` is the page's): the menu button, and a right-hand drawer
 * whose code is loaded once the button is in and the page is idle (or on the first tap, if that
 * comes sooner). The drawer is open on the page it was opened on: a link in it that leads to
 * another page closes it in the very render that shows the new page (one render and one layout
 * for the tap, on a slow phone), rather than in a render of its own before it.
 */
export function MobileDrawer({ path }: { path: string }) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === path;
  const setOpen = (next: boolean) => setOpenOn(next ? path : null);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => loadWhenIdle(loadPanel), []);

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="ghost"
        size="icon"
        className="xl:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerDown={() => void loadPanel().catch(() => undefined)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-7" />
      </Button>
      {wanted ? (
        <LoadBoundary>
          <MobileDrawerPanel
            id={panelId}
            path={path}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => buttonRef.current}
          />
        </LoadBoundary>
      ) : null}
    </>
  );
}
