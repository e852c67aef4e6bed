import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';

export type ToastTone = 'danger' | 'success';

/** Alert durations (spec section 9). */
export const ALERT_MS = {
  /** Validation failures and save successes. */
  standard: 3_000,
  /** The schedule's trip rules (count and directions). */
  tripRules: 8_000,
  /** A delete confirmation. */
  deleted: 2_000,
} as const;

interface Toast {
  id: number;
  tone: ToastTone;
  text: string;
}

type Show = (tone: ToastTone, text: string, ms: number) => void;

const ToastContext = createContext<Show | null>(null);

/**
 * Timed alerts of the admin board, pinned to the viewport so a save at the bottom of a long
 * editor still shows its outcome. Danger alerts are announced at once (role=alert), the
 * others politely (role=status).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const m = useAdminMessages();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  const show = useCallback<Show>(
    (tone, text, ms) => {
      const id = nextId.current++;
      // One alert at a time: a newer outcome replaces an older one (and its time starts anew).
      setToasts([{ id, tone, text }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, ms);
      timers.current.add(timer);
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section className="toasts" aria-label={m.common.notifications}>
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`alert alert--${toast.tone} toast`}
            role={toast.tone === 'danger' ? 'alert' : 'status'}
          >
            <span>{toast.text}</span>
            <button
              type="button"
              className="toast__close"
              aria-label={m.common.dismiss}
              onClick={() => dismiss(toast.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export interface Toasts {
  success: (text: string, ms?: number) => void;
  danger: (text: string, ms?: number) => void;
}

export function useToasts(): Toasts {
  const show = useContext(ToastContext);
  return useMemo(() => {
    const send: Show = show ?? ((_tone, text) => console.warn(text));
    return {
      success: (text, ms = ALERT_MS.standard) => send('success', text, ms),
      danger: (text, ms = ALERT_MS.standard) => send('danger', text, ms),
    };
  }, [show]);
}
