import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { InlineRowActions } from './use-inline-row.ts';

/** 'Yes' or 'No' for a flag. */
export function YesNo({ value }: { value: boolean }) {
  const m = useAdminMessages();
  return <>{value ? m.common.yes : m.common.no}</>;
}

/** A failed load: the server's message (or the error's) in a red alert, instead of the screen. */
export function LoadError({ error }: { error: unknown }) {
  const serverMessages = useServerMessages();
  return <Alert tone="danger">{errorText(error, serverMessages)}</Alert>;
}

/**
 * An action that asks once more inline (no browser dialog): the button turns into the
 * question with its 'Yes, …' and 'Cancel'; focus moves to the confirmation and back. A delete
 * by default ('Yes, delete', red); `yes` and `yesClassName` make it another action.
 */
export function ConfirmDelete({
  children,
  question,
  onConfirm,
  disabled = false,
  busy = false,
  className = 'btn btn--danger',
  label,
  describedBy,
  title,
  yes,
  yesClassName = 'btn btn--danger btn--small',
}: {
  children: ReactNode;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
  /** The button's accessible name when its text alone ('Delete') does not say what goes. */
  label?: string;
  describedBy?: string | undefined;
  title?: string | undefined;
  /** The confirming button's text (default 'Yes, delete'). */
  yes?: string;
  yesClassName?: string;
}) {
  const m = useAdminMessages();
  const [asking, setAsking] = useState(false);
  const yesRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) yesRef.current?.focus();
    else if (wasAsking.current) startRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <button
        ref={startRef}
        type="button"
        className={className}
        aria-label={label}
        aria-describedby={describedBy}
        title={title}
        disabled={disabled || busy}
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
    );
  return (
    <span className="confirm">
      <span className="confirm__question">{question}</span>
      <button
        ref={yesRef}
        type="button"
        className={yesClassName}
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {yes ?? m.common.confirmDelete}
      </button>
      <button type="button" className="btn btn--small" onClick={() => setAsking(false)}>
        {m.common.cancel}
      </button>
    </span>
  );
}

/**
 * The actions of an inline row being edited: Save and Cancel, and what the row says when the
 * server refused the save: a question to answer (another stop has this name) or a conflict
 * (someone saved in between) with a reload. Nothing was saved in either case.
 */
export function EditingRowActions({ row, busy }: { row: InlineRowActions; busy: boolean }) {
  const m = useAdminMessages();
  const { question, conflict } = row;
  return (
    <>
      <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={row.submit}>
        {m.common.save}
      </button>
      <button type="button" className="btn btn--small" onClick={row.cancel}>
        {m.common.cancel}
      </button>
      {(question !== null || conflict !== null) && (
        <div className="row-notice" role="alert">
          <p>{conflict ?? question}</p>
          {conflict !== null ? (
            <button type="button" className="btn btn--small" onClick={row.reload}>
              {m.safety.reload}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--small btn--primary"
              disabled={busy}
              onClick={row.confirm}
            >
              {m.common.saveAnyway}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** The small 'Edit' button of a row, named by what it edits ('Edit Kavarskas'). */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const m = useAdminMessages();
  return (
    <button type="button" className="btn btn--small" aria-label={label} onClick={onClick}>
      {m.common.edit}
    </button>
  );
}

/**
 * A button that asks the server again (the next page, a refresh, the check run again): off while
 * its query fetches, and showing `busyText` while the fetch it stands for runs (`busy`, by default
 * the same as `fetching`).
 */
export function FetchButton({
  fetching,
  busy = fetching,
  text,
  busyText,
  onFetch,
}: {
  fetching: boolean;
  busy?: boolean;
  text: string;
  busyText: string;
  onFetch: () => Promise<unknown>;
}) {
  return (
    <button type="button" className="btn" disabled={fetching} onClick={() => void onFetch()}>
      {busy ? busyText : text}
    </button>
  );
}
