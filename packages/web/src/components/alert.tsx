import type { ReactNode } from 'react';

export type AlertTone = 'danger' | 'success';

/** Danger alerts interrupt screen readers (role=alert); success ones are announced politely. */
export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
