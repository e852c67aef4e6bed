import { isStoredId } from '@bus/core/browser';

/**
 * New rows get temporary negative ids (spec section 4): unique keys while editing, and a way
 * for one new item to name another (a rule borrowing a new rule's periods). Before a save
 * they become null, so the server assigns real ones. Which ids are stored is core's
 * isStoredId, the same guard the server's list saves (reconcileList) use.
 */
let next = -1;

export function tempId(): number {
  return next--;
}

export function isTempId(id: number): boolean {
  return !isStoredId(id);
}

/** The id as a save sends it: null for a new item. */
export function savedId(id: number): number | null {
  return isStoredId(id) ? id : null;
}
