import type { KeyedMessage, ServerMessageCatalogue } from '@bus/core/browser';

/**
 * The server's message by its stable key (tRPC errors carry `data.messageKey` and
 * `data.messageParams`) in the catalogue's language; null without a key this client knows.
 */
function keyedText(data: unknown, catalogue: ServerMessageCatalogue): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { messageKey, messageParams } = data as { messageKey?: unknown; messageParams?: unknown };
  if (typeof messageKey !== 'string' || !Object.hasOwn(catalogue, messageKey)) return null;
  try {
    const message = { key: messageKey, params: messageParams ?? {} } as KeyedMessage;
    const text = (catalogue[message.key] as (params: unknown) => string)(message.params);
    return typeof text === 'string' && text ? text : null;
  } catch {
    // Parameters this client cannot read (a newer server): the server's own words below.
    return null;
  }
}

/**
 * What an alert shows for a failed call (spec section 8): the server's message in the language
 * shown (by its key, through `serverMessages` of i18n/index.ts), else the server's message field, else the
 * error's message, else the error as text. tRPC client errors carry the server message as
 * `message`; `data.message` covers plain JSON error bodies.
 */
export function errorText(error: unknown, serverMessages: ServerMessageCatalogue | null): string {
  if (typeof error === 'object' && error !== null) {
    const { data, message } = error as { data?: { message?: unknown } | null; message?: unknown };
    const keyed = serverMessages === null ? null : keyedText(data, serverMessages);
    if (keyed !== null) return keyed;
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}
