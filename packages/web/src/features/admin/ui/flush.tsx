import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

/**
 * Debounced fields hold their latest text locally and pass it on to the form model a moment
 * later (spec section 9). Before a save reads the model, every pending edit is passed on at
 * once: fields register their flush here and the save calls `useFlushEdits()()` first.
 */
type Flushers = Set<() => void>;

const FlushContext = createContext<Flushers | null>(null);

export function FlushProvider({ children }: { children: ReactNode }) {
  const [flushers] = useState<Flushers>(() => new Set());
  return <FlushContext.Provider value={flushers}>{children}</FlushContext.Provider>;
}

/** Registers a field's flush for as long as the field is mounted. */
export function useRegisterFlush(flush: () => void): void {
  const flushers = useContext(FlushContext);
  useEffect(() => {
    if (!flushers) return;
    flushers.add(flush);
    return () => {
      flushers.delete(flush);
    };
  }, [flushers, flush]);
}

/** Passes every pending edit on to its model, synchronously. */
export function useFlushEdits(): () => void {
  const flushers = useContext(FlushContext);
  return useCallback(() => {
    if (flushers) for (const flush of [...flushers]) flush();
  }, [flushers]);
}
