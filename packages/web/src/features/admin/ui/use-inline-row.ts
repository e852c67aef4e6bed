import { useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useFlushEdits } from './flush.tsx';
import { ALERT_MS, useToasts } from './toasts.tsx';
import { type Draft, useDraft } from './use-draft.ts';

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
  isValid: (draft: D) => boolean;
  save: (draft: D) => Promise<unknown>;
  remove: () => Promise<unknown>;
  invalidate: () => Promise<unknown>;
  deletedMessage: string;
}): {
  draft: Draft<D>;
  editing: boolean;
  startEditing: () => void;
  /** True once a save was refused: fields show their red outline from then on. */
  submitted: boolean;
  submit: () => Promise<void>;
  cancel: () => void;
  del: () => Promise<void>;
} {
  const m = useAdminMessages();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const [editing, setEditing] = useState(options.startEditing);
  const [submitted, setSubmitted] = useState(false);
  const draft = useDraft(options.initial);
  const { onDone } = options;

  const cancel = () => {
    if (onDone) onDone();
    else {
      draft.reset(options.initial());
      setSubmitted(false);
      setEditing(false);
    }
  };

  const submit = async () => {
    flushEdits();
    if (!options.isValid(draft.latest())) {
      setSubmitted(true);
      toasts.danger(m.validation.inputFailed, ALERT_MS.standard);
      return;
    }
    try {
      await options.save(draft.latest());
      await options.invalidate();
      toasts.success(m.validation.saved, ALERT_MS.standard);
      setSubmitted(false);
      if (onDone) onDone();
      else setEditing(false);
    } catch (error) {
      toasts.danger(errorText(error));
    }
  };

  const del = async () => {
    try {
      await options.remove();
      await options.invalidate();
      toasts.success(options.deletedMessage, ALERT_MS.deleted);
    } catch (error) {
      toasts.danger(errorText(error));
    }
  };

  return { draft, editing, startEditing: () => setEditing(true), submitted, submit, cancel, del };
}
