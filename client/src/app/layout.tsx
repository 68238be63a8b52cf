import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MobileActionBar } from '@/components/layout/mobile-action-bar';
import { BelowTheFold } from '@/components/below-the-fold';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col pb-16 lg:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-pine-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <BelowTheFold estimate="30rem">
        <Footer />
      </BelowTheFold>
      <MobileActionBar />
    </div>
  );
}
