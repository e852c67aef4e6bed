import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages, useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { type Draft, useDraft } from './use-draft.ts';

/**
 * No work lost, nothing overwritten by accident: an editor's draft kept in sessionStorage while
 * it differs from what was loaded (so a sign-in expiry, a reload or a closed tab of the same
 * session brings it back), the version it was made from (the save sends it; a save made from
 * an older version is refused with 409), a warning before leaving with unsaved changes, and
 * the conflict notice with a reload.
 */

const PREFIX = 'bus-admin-draft:';

/**
 * What a draft was made from: the version of what it edits (undefined for something new), or,
 * for the publishing settings, the time they were saved (null: never).
 */
export type DraftVersion = number | string | null | undefined;

export interface StoredDraft<T, V extends DraftVersion = number | undefined> {
  value: T;
  /** The version the draft was made from; undefined for something new. */
  version: V;
  at: string;
}

function readStored<T, V extends DraftVersion = number | undefined>(key: string): StoredDraft<T, V> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as StoredDraft<T, V>);
  } catch {
    return null;
  }
}

function writeStored<T>(key: string, draft: StoredDraft<T, DraftVersion> | null): void {
  try {
    if (draft === null) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the editor still works, only without the safety copy.
  }
}

// ------------------------------------------------------------------------------------------
// Leaving with unsaved changes

/** Editors with unsaved changes, by the storage key of their draft. */
const dirtyEditors = new Map<symbol, string>();
let leaveQuestion = '';
let leavingOnPurpose = false;

/** For a deliberate full-page move (the sign-in expiry): no "leave this page?" question. */
export function leaveWithoutAsking(): void {
  leavingOnPurpose = true;
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (dirtyEditors.size === 0 || leavingOnPurpose) return;
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = '';
}

/** Clicks on links while a draft is unsaved: ask first (capture phase, before wouter's Link). */
function onLinkClick(event: MouseEvent) {
  if (dirtyEditors.size === 0 || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
    return;
  if (link.href === window.location.href) return;
  if (window.confirm(leaveQuestion)) {
    // Leaving on purpose: the drafts left behind are dropped.
    for (const key of dirtyEditors.values()) writeStored(key, null);
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

/**
 * While `dirty`, leaving asks first: a link to another page of the app, and the browser's own
 * question on reload or close. `key` names the draft to drop when the user leaves anyway.
 */
export function useUnsavedChanges(key: string, dirty: boolean): void {
  const question = useAdminMessages().safety.leave;
  useEffect(() => {
    if (!dirty) return;
    leaveQuestion = question;
    const me = Symbol(key);
    dirtyEditors.set(me, key);
    if (dirtyEditors.size === 1) {
      window.addEventListener('beforeunload', onBeforeUnload);
      document.addEventListener('click', onLinkClick, true);
    }
    return () => {
      dirtyEditors.delete(me);
      if (dirtyEditors.size === 0) {
        window.removeEventListener('beforeunload', onBeforeUnload);
        document.removeEventListener('click', onLinkClick, true);
      }
    };
  }, [dirty, key, question]);
}

/** Keeps the safety copy of a draft while it is unsaved (and drops it once it is not). */
export function useStoredCopy<T>(
  key: string | undefined,
  dirty: boolean,
  value: T,
  version: DraftVersion,
): void {
  const versionRef = useRef(version);
  versionRef.current = version;
  useEffect(() => {
    if (key === undefined) return;
    writeStored(key, dirty ? { value, version: versionRef.current, at: new Date().toISOString() } : null);
  }, [key, dirty, value, version]);
}

/** The safety copy of a draft kept by an earlier visit, if any. */
export function readStoredDraft<T>(key: string): StoredDraft<T> | null {
  return readStored<T>(key);
}

/** Drops the safety copy of a draft. */
export function dropStoredDraft(key: string): void {
  writeStored(key, null);
}

// ------------------------------------------------------------------------------------------

export interface SafeDraft<T, V extends DraftVersion = number | undefined> extends Draft<T> {
  /** True while the draft differs from what was loaded. */
  dirty: boolean;
  /** The version the save must send: the one the draft was made from. */
  baseVersion: V;
  /** When the draft was brought back from an earlier visit ('YYYY-MM-DDTHH:MM...'), else null. */
  restoredAt: string | null;
  /** After a successful save: the stored copy is dropped; the next version comes with the data. */
  saved: () => void;
  /**
   * What was loaded was saved by another way while the draft stays (a bulk change of schedules):
   * the draft is now based on `version`. A draft brought back from an earlier visit keeps its
   * edits but sends `version` from now on (else its next save is refused as stale, naming the
   * user); any other draft sends the loaded version, which comes with the data.
   */
  rebase: (version: V) => void;
  /** Drops the draft and the stored copy; shows what was loaded. */
  discard: () => void;
  /**
   * How many times the draft was set back to what is stored (discard, reload after a conflict):
   * an editor clears its own state about the old draft (typed text, refusals) when it changes.
   */
  resets: number;
  /** A failed save: a stale version shows the conflict notice; anything else is answered with its text. */
  failed: (error: unknown) => string | null;
  /** The refusal of a stale save, shown until the user reloads. */
  conflict: string | null;
  /** The notices to render at the top of the editor (restored draft, conflict with reload). */
  notices: ReactNode;
}

/** What a refused save says about why (the server's DomainError details). */
export function conflictReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { details?: { reason?: unknown } } | null }).data;
  const reason = data?.details?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * `key` names the editor and what it edits ('line:12', 'line:new', 'schedules:3'); `loaded` is
 * the model built from the data as loaded now (memoized by the caller), `version` its version;
 * `reload` fetches the data again (the editor is then shown anew from it).
 */
export function useSafeDraft<T, V extends DraftVersion = number | undefined>({
  key,
  loaded,
  version,
  reload,
}: {
  key: string;
  loaded: T;
  version: V;
  reload: () => Promise<unknown>;
}): SafeDraft<T, V> {
  const m = useAdminMessages();
  const messages = useMessages();
  const serverMessages = useServerMessages();
  const { locale } = messages.app;
  const [restored, setRestored] = useState(() => readStored<T, V>(key));
  const draft = useDraft<T>(() => restored?.value ?? structuredClone(loaded));
  const [conflict, setConflict] = useState<string | null>(null);
  const [resets, setResets] = useState(0);
  const loadedText = useMemo(() => JSON.stringify(loaded), [loaded]);
  const dirty = JSON.stringify(draft.value) !== loadedText;
  const baseVersion = restored ? restored.version : version;

  // The safety copy follows every change while the draft is unsaved; leaving asks first.
  useStoredCopy(key, dirty, draft.value, baseVersion);
  useUnsavedChanges(key, dirty);

  const saved = () => {
    writeStored(key, null);
    setRestored(null);
    setConflict(null);
  };

  const rebase = (next: V) => setRestored((r) => (r === null ? r : { ...r, version: next }));

  const discard = () => {
    writeStored(key, null);
    setRestored(null);
    setConflict(null);
    draft.reset(structuredClone(loaded));
    setResets((n) => n + 1);
  };

  // After a reload the draft starts again from the data as it comes back.
  // The reload counter matters when the data came back unchanged (already refetched before
  // the click): the query then keeps its old object and `loaded` alone would not run this.
  const resetOnLoad = useRef(false);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (!resetOnLoad.current) return;
    resetOnLoad.current = false;
    draft.reset(structuredClone(loaded));
    setResets((n) => n + 1);
  }, [loaded, reloads, draft.reset]);

  // What is loaded now, for a reload that drops the draft before the data comes back.
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const reloadFresh = async () => {
    writeStored(key, null);
    setRestored(null);
    setConflict(null);
    // The draft goes at once, whatever the reload brings and however long it takes: what is
    // stored is shown now, and again as it comes back.
    draft.reset(structuredClone(loadedRef.current));
    setResets((n) => n + 1);
    resetOnLoad.current = true;
    await reload();
    setReloads((n) => n + 1);
  };

  const failed = (error: unknown) => {
    const text = errorText(error, serverMessages);
    if (conflictReason(error) === 'stale') {
      setConflict(text);
      return null;
    }
    return text;
  };

  const notices = (
    <>
      {conflict !== null && (
        <div className="alert alert--danger safety-notice" role="alert">
          <p>{conflict}</p>
          <p className="safety-notice__actions">
            <button type="button" className="btn btn--small btn--primary" onClick={() => void reloadFresh()}>
              {m.safety.reload}
            </button>
            <span className="muted">{m.safety.reloadHint}</span>
          </p>
        </div>
      )}
      {conflict === null && restored !== null && dirty && (
        <div className="alert alert--info safety-notice" role="status">
          <p>{m.safety.restored(formatDate(locale, 'time', new Date(restored.at)))}</p>
          <p className="safety-notice__actions">
            <button type="button" className="btn btn--small" onClick={discard}>
              {m.safety.discard}
            </button>
          </p>
        </div>
      )}
    </>
  );

  return {
    ...draft,
    dirty,
    baseVersion,
    restoredAt: restored?.at ?? null,
    saved,
    rebase,
    discard,
    resets,
    failed,
    conflict,
    notices,
  };
}
