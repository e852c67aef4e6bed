import { englishMessage, type KeyedMessage, renderServerMessage } from '@bus/core';
import { useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useFlushEdits } from './flush.tsx';
import { conflictReason, readStoredDraft, useStoredCopy, useUnsavedChanges } from './safe-draft.tsx';
import { ALERT_MS, useToasts } from './toasts.tsx';
import { type Draft, useDraft } from './use-draft.ts';

/** What an editing row's actions need (ui/bits.tsx EditingRowActions). */
export interface InlineRowActions {
  submit: () => Promise<void>;
  cancel: () => void;
  /** What the server asks before saving (another stop has this name), else null. */
  question: string | null;
  /** Saves again, answering the question with yes. */
  confirm: () => Promise<void>;
  /** The refusal of a save made from an older version, else null. */
  conflict: string | null;
  /** Shows what is stored now (the row's unsaved changes are dropped). */
  reload: () => Promise<void>;
}

export interface InlineRow<D> extends InlineRowActions {
  draft: Draft<D>;
  editing: boolean;
  startEditing: () => void;
  /** True once a save was refused: fields show their red outline from then on. */
  submitted: boolean;
  /**
   * The draft as the last refused save saw it, until a save goes through or editing ends: what a
   * field's message under it says stays put while the user types (a message vanishing on the
   * blur of a click on Save would move the button away from under the pointer).
   */
  refused: D | null;
  del: () => Promise<void>;
}

/**
 * A table row that switches between view and inline edit (holidays, bus stops): its draft,
 * the red outlines after a failed save, save (no call while invalid), cancel and delete with
 * their alerts. A row with `onDone` is a new one: it starts in edit mode and `onDone` removes
 * it after a save or a cancel.
 */
export function useInlineRow<D>(options: {
  initial: () => D;
  startEditing: boolean;
  onDone: (() => void) | undefined;
  /**
   * What is wrong with the draft (the same message the server would send), or null; a text
   * when the browser alone can tell (an amount that is no number, worded in the language shown).
   */
  problem: (draft: D) => KeyedMessage | string | null;
  /**
   * `confirmed`: the user has answered the server's question (a stop name another stop has)
   * with yes; `baseVersion`: the version the edit started from.
   */
  save: (draft: D, confirmed: boolean, baseVersion: number) => Promise<unknown>;
  /** The stored row's version (new rows: 0). */
  version: number;
  /**
   * Names the row's draft in sessionStorage (stored rows only): an unsaved edit survives a
   * sign-in expiry or a reload and opens again with the version it started from.
   */
  storageKey?: string | undefined;
  remove: () => Promise<unknown>;
  invalidate: () => Promise<unknown>;
  deletedMessage: string;
}): InlineRow<D> {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const { onDone, storageKey } = options;
  const [restored] = useState(() => (storageKey ? readStoredDraft<D>(storageKey) : null));
  const [editing, setEditing] = useState(options.startEditing || restored !== null);
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<D | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const draft = useDraft(() => restored?.value ?? options.initial());
  // The version the edit started from: a later save by someone else makes this one stale.
  const [baseVersion, setBaseVersion] = useState(restored?.version ?? options.version);
  const dirty = editing && JSON.stringify(draft.value) !== JSON.stringify(options.initial());
  useStoredCopy(storageKey, dirty, draft.value, baseVersion);
  useUnsavedChanges(storageKey ?? 'new-row', dirty);

  const cancel = () => {
    setQuestion(null);
    setConflict(null);
    setRefused(null);
    if (onDone) onDone();
    else {
      draft.reset(options.initial());
      setSubmitted(false);
      setEditing(false);
    }
  };

  const save = async (confirmed: boolean) => {
    flushEdits();
    setQuestion(null);
    const problem = options.problem(draft.latest());
    if (problem !== null) {
      setSubmitted(true);
      setRefused(draft.latest());
      // Which rule is broken, in the language shown ('Holiday name is too long: …').
      toasts.danger(
        typeof problem === 'string'
          ? problem
          : serverMessages
            ? renderServerMessage(serverMessages, problem)
            : englishMessage(problem),
        ALERT_MS.standard,
      );
      return;
    }
    try {
      await options.save(draft.latest(), confirmed, baseVersion);
      setConflict(null);
      await options.invalidate();
      toasts.success(m.validation.saved, ALERT_MS.standard);
      setSubmitted(false);
      setRefused(null);
      if (onDone) onDone();
      else setEditing(false);
    } catch (error) {
      const reason = conflictReason(error);
      // Nothing was saved: the row keeps the draft and asks, or offers to reload.
      if (reason === 'duplicate-stop-name') setQuestion(errorText(error, serverMessages));
      else if (reason === 'stale') setConflict(errorText(error, serverMessages));
      else toasts.danger(errorText(error, serverMessages));
    }
  };

  const reload = async () => {
    await options.invalidate();
    if (onDone) onDone();
    else {
      setQuestion(null);
      setConflict(null);
      setSubmitted(false);
      setRefused(null);
      setEditing(false);
    }
  };

  const del = async () => {
    try {
      await options.remove();
      await options.invalidate();
      toasts.success(options.deletedMessage, ALERT_MS.deleted);
    } catch (error) {
      toasts.danger(errorText(error, serverMessages));
    }
  };

  return {
    draft,
    editing,
    startEditing: () => {
      // The row shows what is stored now when editing starts, and saves against its version.
      draft.reset(options.initial());
      setBaseVersion(options.version);
      setRefused(null);
      setEditing(true);
    },
    submitted,
    refused,
    submit: () => save(false),
    cancel,
    del,
    question,
    confirm: () => save(true),
    conflict,
    reload,
  };
}
