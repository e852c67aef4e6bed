/**
 * What an alert shows for a failed call (spec section 8): the server's message field, else the
 * error's message, else the error as text. tRPC client errors carry the server message as
 * `message`; `data.message` covers plain JSON error bodies.
 */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { data, message } = error as { data?: { message?: unknown } | null; message?: unknown };
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}
