import { useMessages, useServerMessages } from '../i18n/index.ts';
import { errorText } from '../lib/error-text.ts';
import { PublicApiError } from '../lib/public-api.ts';
import { NotFound } from './not-found.tsx';

/** What kind of failure a public call had, in the visitor's terms. */
export function failureKind(error: unknown): 'not-found' | 'offline' | 'server' | 'refused' {
  if (error instanceof PublicApiError) {
    if (error.status === 404) return 'not-found';
    if (error.status >= 500) return 'server';
    return 'refused';
  }
  // fetch() itself failed: no connection, or the server could not be reached.
  return 'offline';
}

/** A 404, or a 400 for an id that cannot exist: the page asked for is not there. */
export function isMissing(error: unknown): boolean {
  return error instanceof PublicApiError && (error.status === 404 || error.status === 400);
}

/**
 * A failed public call in words: unreachable server or a 5xx gets a short sentence and a
 * "Try again" button; a refused question gets the server's own message (spec section 8); no
 * raw exception text reaches a visitor.
 */
export function PublicError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const m = useMessages();
  const serverMessages = useServerMessages();
  const kind = failureKind(error);
  if (kind === 'not-found') return <NotFound />;
  if (kind === 'refused') {
    return (
      <div className="alert alert--danger" role="alert">
        {errorText(error, serverMessages)}
      </div>
    );
  }
  return (
    <div className="alert alert--danger public-error" role="alert">
      <p>{kind === 'offline' ? m.errors.offline : m.errors.server}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {m.errors.retry}
      </button>
    </div>
  );
}
