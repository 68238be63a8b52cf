import { Menu } from 'lucide-react';
import { lazy, useEffect, useRef, useState } from 'react';
import { LoadBoundary } from '@/components/load-boundary';
import { Button } from '@/components/ui/button';
import { prefetchWhenIdle } from '@/lib/after-page-load';
import { wideScreen } from './desktop-nav-island';

const loadPanel = () => import('./mobile-drawer-panel');
const MobileDrawerPanel = lazy(loadPanel);
const panelId = 'mobile-menu';

/**
 * Small-screen menu: the menu button, and a right-hand drawer whose code is fetched when the
 * page is idle (or on the first tap, if that comes sooner), so it costs nothing on the way to
 * the first screen.
 */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Wide screens show the full menu instead; they fetch the drawer only if it is ever tapped.
    if (!window.matchMedia(wideScreen).matches) prefetchWhenIdle('mobile-drawer-panel');
  }, []);

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
          <MobileDrawerPanel id={panelId} open={open} onOpenChange={setOpen} returnFocusTo={() => buttonRef.current} />
        </LoadBoundary>
      ) : null}
    </>
  );
}
