import { en, type Messages } from './en.ts';

export type { Messages };

/**
 * The catalogue for the current language. English only for now; when Lithuanian arrives this
 * becomes a context lookup and call sites stay as they are.
 */
export function useMessages(): Messages {
  return en;
}
