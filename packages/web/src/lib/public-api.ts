import type { AppRouter } from '@bus/server';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/**
 * The public pages' client for the `timetable.*` tRPC queries: a plain GET per call, no tRPC
 * or React Query runtime (they stay in the admin chunks). Types come from the server's router,
 * so a changed procedure still breaks the build here.
 */

type TimetableInputs = inferRouterInputs<AppRouter>['timetable'];
type TimetableOutputs = inferRouterOutputs<AppRouter>['timetable'];

export type PublicPath = keyof TimetableInputs & keyof TimetableOutputs;
export type PublicInput<P extends PublicPath> = TimetableInputs[P];
export type PublicOutput<P extends PublicPath> = TimetableOutputs[P];

/**
 * A failed call. `message` is the server's message when it sent one (spec section 8); `data`
 * is the tRPC error's data (its `messageKey` words the message in the language shown).
 */
export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'PublicApiError';
  }
}

/** tRPC's GET form of a query: `/trpc/timetable.x?input=<url-encoded JSON>` (no input: no query). */
export function publicUrl<P extends PublicPath>(path: P, input: PublicInput<P>): string {
  if (input === undefined) return `/trpc/timetable.${path}`;
  return `/trpc/timetable.${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

interface TrpcBody {
  result?: { data?: unknown };
  error?: { message?: unknown; data?: unknown };
}

/** Reads a tRPC response: `result.data`, else throws with `error.message`, else the status text. */
export async function readTrpcResponse(response: Response): Promise<unknown> {
  const text = await response.text();
  let body: TrpcBody | null = null;
  try {
    body = JSON.parse(text) as TrpcBody;
  } catch {
    // Not JSON (a proxy's error page, an empty body): the text itself is the best message.
  }
  if (response.ok && body?.result && 'data' in body.result) return body.result.data;
  const serverMessage = body?.error?.message;
  const message =
    typeof serverMessage === 'string' && serverMessage
      ? serverMessage
      : text.trim() || `${response.status} ${response.statusText}`.trim();
  throw new PublicApiError(message, response.status, body?.error?.data ?? null);
}
