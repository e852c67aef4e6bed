import {
  ALERT_CAUSES,
  ALERT_EFFECTS,
  defaultEffect,
  englishMessage,
  type KeyedMessage,
  keyOfValidationText,
  renderServerMessage,
  SaveServiceChangeInput,
  serverMessage,
} from '@bus/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { StopCombobox } from '../../../components/stop-combobox.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { conflictReason } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import { badTimes, type ChangeDraft, draftToInput, shiftMinutes } from './change-draft.ts';
import { LineSelect, Select, TextArea, TextInput } from './form-fields.tsx';
import { NoticeConcerns } from './notice-concerns.tsx';
import { TripPicker } from './trip-picker.tsx';
import type { ChangeItem, LineChoice } from './types.ts';

/** Where each field's problem is shown (zod paths of SaveServiceChangeInput). */
type ProblemAt = Partial<Record<string, string>>;

/**
 * The form of one service change: a new one of a kind (every part), or an existing one, whose
 * notice, dates and reason staff may reword (what it does stays). Checked in the browser with
 * core's schema first; the server's refusal is shown above the buttons in its own words, a
 * stale save as in the other editors (reload the stored version).
 */
export function ChangeForm({
  initial,
  existing,
  lines,
  onDone,
}: {
  initial: ChangeDraft;
  existing: ChangeItem | null;
  lines: readonly LineChoice[];
  onDone: (saved: { id: number; titleLt: string } | null) => void;
}) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const serverMessages = useServerMessages();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const save = useMutation(trpc.admin.serviceChanges.save.mutationOptions());
  const edit = (change: (d: ChangeDraft) => void) =>
    setDraft((d) => {
      const next = structuredClone(d);
      change(next);
      return next;
    });
  const set = <K extends keyof ChangeDraft>(key: K, value: ChangeDraft[K]) =>
    edit((d) => {
      d[key] = value;
    });
  const keyed = (message: KeyedMessage) =>
    serverMessages ? renderServerMessage(serverMessages, message) : englishMessage(message);
  const kind = draft.kind;
  const editing = existing !== null;

  useEffect(() => {
    if (focusInvalid === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  /** The input to send: all of a new change; an existing one with its reworded parts. */
  const input = () => {
    const fromDraft = draftToInput(draft, existing?.id ?? null, existing?.version ?? 0);
    if (existing === null) return fromDraft;
    const { version: _v, status: _s, ...stored } = existing;
    return {
      ...stored,
      from: fromDraft.from,
      until: fromDraft.until,
      reason: fromDraft.reason,
      titleLt: fromDraft.titleLt,
      textLt: fromDraft.textLt,
      titleEn: fromDraft.titleEn,
      textEn: fromDraft.textEn,
      cause: fromDraft.cause,
      effect: fromDraft.effect,
      url: fromDraft.url,
      baseVersion: existing.version,
    };
  };

  const localProblems = (): ProblemAt => {
    const found: ProblemAt = {};
    const shift = shiftMinutes(draft.shift);
    if (kind === 'retime' && !editing && shift !== null && Number.isNaN(shift))
      found.shiftMinutes = m.serviceChanges.badShift;
    const result = SaveServiceChangeInput.safeParse(input());
    if (!result.success)
      for (const issue of result.error.issues) {
        const path = String(issue.path[0] ?? '');
        if (found[path] !== undefined) continue;
        found[path] = keyed(keyOfValidationText(issue.message) ?? serverMessage('inputFailed'));
      }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setRefusal(null);
    if (Object.keys(localProblems()).length > 0 || badTimes(draft).length > 0) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync(input() as Parameters<typeof save.mutateAsync>[0]);
      await queryClient.invalidateQueries({ queryKey: trpc.admin.serviceChanges.pathKey() });
      toasts.success(m.validation.saved, ALERT_MS.standard);
      onDone({ id: saved.id, titleLt: saved.titleLt });
    } catch (error) {
      const text = errorText(error, serverMessages);
      if (conflictReason(error) === 'stale') setConflict(text);
      else setRefusal(text);
    }
  };

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.admin.serviceChanges.pathKey() });
    onDone(null);
  };

  // After a first try to save, the problems follow the edits (a fixed field clears at once).
  const problems = checked ? localProblems() : {};
  const problem = (...paths: string[]) => {
    if (!checked) return null;
    for (const path of paths) if (problems[path]) return problems[path];
    return null;
  };
  const badKeys = checked ? badTimes(draft) : [];
  // A time that is none is named at its stop; the schema's general words only for the rest.
  const tripsProblem = problem('tripIds') ?? (badKeys.length === 0 ? problem('stopTimes') : null);
  const causeOptions = [
    { value: '' as const, label: m.serviceChanges.byDefault(m.serviceChanges.causes.UNKNOWN_CAUSE) },
    ...ALERT_CAUSES.map((c) => ({ value: c, label: m.serviceChanges.causes[c] })),
  ];
  const effectOptions = [
    { value: '' as const, label: m.serviceChanges.byDefault(m.serviceChanges.effects[defaultEffect(kind)]) },
    ...ALERT_EFFECTS.map((e) => ({ value: e, label: m.serviceChanges.effects[e] })),
  ];

  return (
    <form ref={formRef} className="panel sc-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} tabIndex={-1}>
        {existing ? m.serviceChanges.editTitle(existing.titleLt) : m.serviceChanges.formTitle[kind]}
      </h2>
      {editing && <p className="field-hint">{m.serviceChanges.keeps}</p>}
      {!editing && (kind === 'cancel' || kind === 'retime') && (
        <LineSelect
          label={m.serviceChanges.line}
          lineId={draft.lineId}
          lines={lines}
          onChange={(lineId) =>
            edit((d) => {
              d.lineId = lineId;
              d.tripIds = [];
              d.times = {};
            })
          }
        />
      )}
      <div className="form-grid">
        <TextInput
          type="date"
          label={m.serviceChanges.from}
          value={draft.from}
          problem={problem('from')}
          onChange={(value) =>
            edit((d) => {
              if (d.from !== value && !editing) {
                d.tripIds = [];
                d.times = {};
              }
              d.from = value;
            })
          }
        />
        <TextInput
          type="date"
          label={m.serviceChanges.until}
          value={draft.until}
          hint={
            kind === 'cancel' || kind === 'retime' ? m.serviceChanges.oneDayHint : m.serviceChanges.openHint
          }
          problem={problem('until')}
          onChange={(value) => set('until', value)}
        />
      </div>
      {!editing && (kind === 'cancel' || kind === 'retime') && (
        <>
          {kind === 'retime' && (
            <TextInput
              label={m.serviceChanges.shift}
              value={draft.shift}
              hint={m.serviceChanges.shiftHint}
              inputMode="text"
              inputClassName="input input--short"
              problem={problem('shiftMinutes')}
              onChange={(value) => set('shift', value)}
            />
          )}
          <TripPicker
            draft={draft}
            edit={edit}
            badTimeKeys={badKeys}
            badTimeText={m.serviceChanges.badTime}
          />
          {tripsProblem !== null && <p className="field-error">{tripsProblem}</p>}
        </>
      )}
      {!editing && kind === 'closure' && (
        <div className="form-grid">
          <div className={problem('stopIds') ? 'sc-combo is-invalid' : 'sc-combo'}>
            <StopCombobox
              label={m.serviceChanges.closedStop}
              value={draft.stops[0] ?? null}
              onChange={(stop) => set('stops', stop ? [{ id: stop.id, label: stop.label }] : [])}
            />
            {problem('stopIds') && <p className="field-error">{problem('stopIds')}</p>}
          </div>
          <div className="sc-combo">
            <StopCombobox
              label={m.serviceChanges.insteadStop}
              value={draft.insteadStop}
              exclude={draft.stops[0]?.id}
              onChange={(stop) => set('insteadStop', stop ? { id: stop.id, label: stop.label } : null)}
            />
            {problem('insteadStopId') && <p className="field-error">{problem('insteadStopId')}</p>}
          </div>
        </div>
      )}
      {!editing && kind === 'notice' && (
        <NoticeConcerns draft={draft} edit={edit} lines={lines} badTimeText={m.serviceChanges.badTime} />
      )}
      {kind !== 'notice' && (
        <TextInput
          label={m.serviceChanges.reason}
          value={draft.reason}
          hint={kind === 'cancel' ? m.serviceChanges.reasonHint : undefined}
          problem={problem('reason')}
          onChange={(value) => set('reason', value)}
        />
      )}
      <fieldset className="sc-notice">
        <legend>{m.serviceChanges.notice}</legend>
        {kind !== 'notice' && !editing && <p className="field-hint">{m.serviceChanges.noticeHint}</p>}
        <div className="form-grid">
          {(
            [
              ['titleLt', m.serviceChanges.titleLt, TextInput],
              ['titleEn', m.serviceChanges.titleEn, TextInput],
              ['textLt', m.serviceChanges.textLt, TextArea],
              ['textEn', m.serviceChanges.textEn, TextArea],
            ] as const
          ).map(([key, label, Input]) => {
            return (
              <Input
                key={key}
                label={label}
                value={draft[key]}
                problem={problem(key)}
                onChange={(value) => set(key, value)}
              />
            );
          })}
          <Select
            label={m.serviceChanges.cause}
            value={draft.cause}
            options={causeOptions}
            onChange={(value) => set('cause', value)}
          />
          <Select
            label={m.serviceChanges.effect}
            value={draft.effect}
            options={effectOptions}
            onChange={(value) => set('effect', value)}
          />
        </div>
        <TextInput
          type="url"
          label={m.serviceChanges.url}
          value={draft.url}
          problem={problem('url')}
          onChange={(value) => set('url', value)}
        />
      </fieldset>
      {refusal !== null && (
        <div className="alert alert--danger" role="alert">
          <p>{refusal}</p>
        </div>
      )}
      {conflict !== null && (
        <div className="alert alert--danger safety-notice" role="alert">
          <p>{conflict}</p>
          <p className="safety-notice__actions">
            <button type="button" className="btn btn--small btn--primary" onClick={() => void reload()}>
              {m.safety.reload}
            </button>
          </p>
        </div>
      )}
      <p className="actions-bar">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? m.serviceChanges.saving : m.serviceChanges.save}
        </button>
        <button type="button" className="btn" onClick={() => onDone(null)}>
          {m.common.cancel}
        </button>
      </p>
    </form>
  );
}
