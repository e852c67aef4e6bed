import type { AppRouter } from '@bus/server';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { readStoredUser } from './stored-user.ts';

/** Hooks for components: `const trpc = useTRPC(); useQuery(trpc.x.y.queryOptions(input))`. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses a batch of more calls (TRPC_MAX_BATCH in server/src/app.ts).
        maxItems: 10,
        // Read per request: login and logout reload the page, but a stale header must never stick.
        headers() {
          const user = readStoredUser();
          return user?.accessToken ? { Authorization: `Bearer ${user.accessToken}` } : {};
        },
      }),
    ],
  });
}
