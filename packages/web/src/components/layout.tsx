import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useMessages } from '../i18n/index.ts';
import { isBoardPath } from '../lib/core.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { HeaderSlot } from './header-slot.tsx';
import { Loading } from './loading.tsx';
import { Navbar } from './navbar.tsx';

export function Layout({ children }: { children: ReactNode }) {
  const m = useMessages();
  const [location] = useLocation();
  // The departure board (issue 42) is a screen of its own: no menu, no header, no skip link.
  if (isBoardPath(location))
    return (
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={null}>{children}</Suspense>
      </ErrorBoundary>
    );
  return (
    <>
      <a className="skip-link" href="#main">
        {m.app.skipToContent}
      </a>
      <Navbar />
      <HeaderSlot />
      <main id="main" className="container">
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
