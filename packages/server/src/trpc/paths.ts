import type { AnyTRPCMutationProcedure, AnyTRPCProcedure, AnyTRPCQueryProcedure } from '@trpc/server';

/**
 * The dotted paths of a router's procedures, worked out from its type ('timetable.departures'):
 * records keyed by them (the cache settings, a test's inputs per procedure) are checked by
 * TypeScript, so a procedure added, renamed or removed does not compile until they follow.
 */
export type ProcedurePaths<
  R,
  Kind extends AnyTRPCProcedure = AnyTRPCProcedure,
  Prefix extends string = '',
> = {
  [K in keyof R & string]: K extends '_def' | 'createCaller'
    ? never
    : R[K] extends AnyTRPCProcedure
      ? R[K] extends Kind
        ? `${Prefix}${K}`
        : never
      : R[K] extends object
        ? ProcedurePaths<R[K], Kind, `${Prefix}${K}.`>
        : never;
}[keyof R & string];

export type QueryPaths<R, Prefix extends string = ''> = ProcedurePaths<R, AnyTRPCQueryProcedure, Prefix>;
export type MutationPaths<R, Prefix extends string = ''> = ProcedurePaths<
  R,
  AnyTRPCMutationProcedure,
  Prefix
>;
