import { ErrorBoundary } from './components/error-boundary.tsx';
import { Layout } from './components/layout.tsx';
import { AppPages } from './pages.tsx';

/**
 * The public pages talk to the server through lib/public-api.ts (plain GETs); React Query and
 * the tRPC client are provided inside the lazily loaded admin and login chunks only, so they
 * stay out of the initial bundle.
 */
export function App() {
  return (
    // Outer boundary for failures outside a page (navbar, header).
    <ErrorBoundary>
      <Layout>
        <AppPages />
      </Layout>
    </ErrorBoundary>
  );
}
