import type { AppRouter } from '@bus/server';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type ReactNode, useState } from 'react';
import { clearStoredUser } from '../../lib/stored-user-write.ts';
import { createTrpcClient, TRPCProvider } from '../../lib/trpc.ts';
import { leaveWithoutAsking } from './ui/safe-draft.tsx';

/** Output shapes of the admin procedures, for the pages' props and helpers. */
export type AdminOutputs = inferRouterOutputs<AppRouter>['admin'];
export type LineFullData = AdminOutputs['lines']['getFull'];
export type LineTemplateData = AdminOutputs['lines']['empty'];
export type AdminRouteData = AdminOutputs['routes']['byLine'][number];
export type LineSchedulesData = AdminOutputs['schedules']['byLine'];
export type StopWithUsageData = AdminOutputs['stops']['listWithUsage'][number];
export type RulesWithUsageData = AdminOutputs['rules']['allWithUsage'];
export type PublishingData = AdminOutputs['publishing']['get'];

/** Where a 401 sends the user: the login page, which then says that the session has ended. */
export const SESSION_ENDED_PATH = '/admin-access?session=ended';

/** The HTTP status of a failed tRPC call (tRPC puts it in `data.httpStatus`). */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { httpStatus?: unknown } | null }).data;
  return typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
}

let leaving = false;

/**
 * A 401 on an admin call means the token is missing, expired or revoked: forget the stored
 * login and go to the login page (a full load, so no admin state survives in memory).
 */
function signOutOnUnauthorized(error: unknown): void {
  if (httpStatusOf(error) !== 401 || leaving) return;
  leaving = true;
  clearStoredUser();
  // Editors keep their drafts (ui/safe-draft.tsx): after signing in again the user is back here.
  leaveWithoutAsking();
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${SESSION_ENDED_PATH}&return=${encodeURIComponent(here)}`);
}

function createAdminQueryClient(handleUnauthorized: boolean): QueryClient {
  const onError = handleUnauthorized ? signOutOnUnauthorized : undefined;
  return new QueryClient({
    queryCache: new QueryCache(onError ? { onError } : {}),
    mutationCache: new MutationCache(onError ? { onError } : {}),
    defaultOptions: {
      queries: {
        // Editors show what is stored now; after a save the pages invalidate what changed.
        staleTime: 0,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on a retry.
        retry: (failures, error) => {
          const status = httpStatusOf(error);
          return failures < 1 && (status === undefined || status >= 500);
        },
      },
    },
  });
}

/**
 * React Query + tRPC for the admin chunks (the public pages ship neither). Every call carries
 * `Authorization: Bearer <token>` from the stored user (lib/trpc.ts reads it per request).
 * `handleUnauthorized` is off on the login page, where a 401 is just wrong credentials.
 */
export function AdminApiProvider({
  children,
  handleUnauthorized = true,
}: {
  children: ReactNode;
  handleUnauthorized?: boolean;
}) {
  const [queryClient] = useState(() => createAdminQueryClient(handleUnauthorized));
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
