import { useEffect, useRef, useState } from 'react';
import {
  type PublicInput,
  type PublicOutput,
  type PublicPath,
  publicUrl,
  readTrpcResponse,
} from './public-api.ts';

export type QueryResult<T> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'loading'; data?: T | undefined; error?: undefined }
  /** `data`: the last answer this component showed, kept while the page says what went wrong. */
  | { status: 'error'; data?: T | undefined; error: unknown; retry: () => void }
  | { status: 'success'; data: T; error?: undefined };

/** Answers by URL. Timetable data changes rarely and a page view is short: no expiry, a size cap. */
const cache = new Map<string, unknown>();
const CACHE_LIMIT = 100;

function remember(url: string, data: unknown): void {
  cache.delete(url);
  cache.set(url, data);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

/** Forgets every cached answer (tests). */
export function clearPublicQueryCache(): void {
  cache.clear();
}

/** Stores an answer as if it had been fetched (tests render pages with known data this way). */
export function primePublicQuery<P extends PublicPath>(
  path: P,
  input: PublicInput<P>,
  data: PublicOutput<P>,
): void {
  remember(publicUrl(path, input), data);
}

export interface PublicQueryOptions {
  /** While a new input loads, keep returning the last answer as `data` (status stays 'loading'). */
  keepPrevious?: boolean;
  /**
   * Live answers (issue 40): asked again every this many ms while the page is shown, and at once
   * when it is shown again; the new answer replaces the shown one in place (no 'loading' between,
   * so nothing moves and the focus stays), and at once on a page whose answer was kept. 0 or
   * none: never.
   */
  every?: number;
}

const get = (url: string, signal?: AbortSignal) =>
  fetch(url, { signal, headers: { accept: 'application/json' } }).then(readTrpcResponse);

/**
 * One public query for a component: loading, error or data. A changed input aborts the request
 * in flight; `null` input means "not now" (status 'idle'). Answers are cached by URL, so going
 * back to a page shows it at once.
 */
export function usePublicQuery<P extends PublicPath>(
  path: P,
  input: PublicInput<P> | null,
  options: PublicQueryOptions = {},
): QueryResult<PublicOutput<P>> {
  const url = input === null ? null : publicUrl(path, input);
  const [settled, setSettled] = useState<{ url: string; error: unknown } | null>(null);
  const [, setVersion] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const previous = useRef<PublicOutput<P> | undefined>(undefined);

  useEffect(() => {
    if (url === null || cache.has(url)) return;
    setSettled(null);
    const controller = new AbortController();
    get(url, controller.signal).then(
      (data) => {
        remember(url, data);
        setSettled(null);
        setVersion((v) => v + 1);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ url, error });
      },
    );
    return () => controller.abort();
  }, [url, attempt]);

  const { every } = options;
  useEffect(() => {
    if (url === null || !every) return;
    const ask = () => {
      if (!document.hidden)
        get(url).then(
          (data) => {
            remember(url, data);
            setVersion((v) => v + 1);
          },
          // A refresh that fails leaves the answer shown (the offline banner says why).
          () => undefined,
        );
    };
    // Back on a page whose answer is kept: asked again at once.
    if (cache.has(url)) ask();
    const timer = setInterval(ask, every);
    document.addEventListener('visibilitychange', ask);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', ask);
    };
  }, [url, every]);

  if (url === null) return { status: 'idle' };
  if (cache.has(url)) {
    const data = cache.get(url) as PublicOutput<P>;
    previous.current = data;
    return { status: 'success', data };
  }
  if (settled?.url === url)
    return {
      status: 'error',
      error: settled.error,
      data: previous.current,
      // Asks again (the effect runs anew); the page shows 'loading' meanwhile.
      retry: () => {
        setSettled(null);
        setAttempt((n) => n + 1);
      },
    };
  return { status: 'loading', data: options.keepPrevious ? previous.current : undefined };
}
