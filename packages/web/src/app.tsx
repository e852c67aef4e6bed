import { ErrorBoundary } from './components/error-boundary.tsx';
import { Layout } from './components/layout.tsx';
import { ApiProvider } from './lib/api-provider.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    // Outer boundary for failures outside a page (providers, navbar, header).
    <ErrorBoundary>
      <ApiProvider>
        <Layout>
          <AppRoutes />
        </Layout>
      </ApiProvider>
    </ErrorBoundary>
  );
}
