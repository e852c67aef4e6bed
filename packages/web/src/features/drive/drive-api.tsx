import type { AppRouter } from '@bus/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type ReactNode, useState } from 'react';
import { createTrpcClient, TRPCProvider } from '../../lib/trpc.ts';

type DriveOutputs = inferRouterOutputs<AppRouter>['drive'];
/** A trip the drivers' page offers or drives (the server's live/driving.ts DriveTrip). */
export type DriveTrip = DriveOutputs['near'][number];
/** The trip a driver is driving now, restored after a reload. */
export type CurrentTrip = NonNullable<DriveOutputs['current']>;
/** What the server says after a position: stops passed, ended, the delay. */
export type ReportAnswer = DriveOutputs['report'];

/** The HTTP status of a failed tRPC call (tRPC puts it in `data.httpStatus`); undefined: no answer at all. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { httpStatus?: unknown } | null }).data;
  return typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
}

/**
 * React Query + tRPC for the drivers' page (its own chunk, like the admin board's; the public
 * pages ship neither). Every call carries the stored sign-in's token (lib/trpc.ts). Nothing is
 * asked again on its own: the page says when.
 */
export function DriveApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 0,
            refetchOnWindowFocus: false,
            // A refusal (4xx) does not change on a retry; a lost connection may.
            retry: (failures, error) => {
              const status = httpStatusOf(error);
              return failures < 2 && (status === undefined || status >= 500);
            },
          },
          mutations: { retry: false },
        },
      }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
