import { useCallback, useRef, useState } from 'react';

export interface Draft<T> {
  /** The model as last rendered. */
  value: T;
  /** Changes a copy of the latest model in place and renders it. */
  edit: (change: (draft: T) => void) => void;
  /** The latest model, including edits made since the last render (a save reads this). */
  latest: () => T;
  reset: (value: T) => void;
}

/**
 * A form model whose edits apply at once to a ref as well as to state, so a save that first
 * flushes the debounced fields (their commits call `edit`) reads every keystroke.
 */
export function useDraft<T>(initial: () => T): Draft<T> {
  const [value, setValue] = useState(initial);
  const ref = useRef(value);
  const edit = useCallback((change: (draft: T) => void) => {
    const next = structuredClone(ref.current);
    change(next);
    ref.current = next;
    setValue(next);
  }, []);
  const latest = useCallback(() => ref.current, []);
  const reset = useCallback((next: T) => {
    ref.current = next;
    setValue(next);
  }, []);
  return { value, edit, latest, reset };
}
