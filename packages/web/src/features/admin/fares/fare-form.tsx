import { englishMessage, renderServerMessage } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import type { useServerMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { tempId } from '../logic/temp-ids.ts';
import { ConfirmDelete, EditButton, EditingRowActions } from '../ui/bits.tsx';
import type { Draft } from '../ui/use-draft.ts';
import { type InlineRow, useInlineRow } from '../ui/use-inline-row.ts';
import type { LocalProblem, RuleProblem } from './fare-draft.ts';
import { FormField } from './fare-fields.tsx';
import type { RuleStatus } from './fare-list.ts';

/**
 * What the fare rules' and the through fares' lists and forms (fare-rules.tsx, through-fares.tsx)
 * share: a group of the list, a listed fare with its edit and delete, the inline row of a draft
 * the browser checks first, the form around the fields, the line and first-day fields, and the
 * stops of a line.
 */

/**
 * The new ones being entered, above the list (temporary ids, the newest first), each a form until
 * it is saved or cancelled: `add` opens one, `done(id)` is its form's onDone.
 */
export function useAddedIds() {
  const [ids, setIds] = useState<number[]>([]);
  return {
    ids,
    add: () => setIds((open) => [tempId(), ...open]),
    done: (id: number) => () => setIds((open) => open.filter((i) => i !== id)),
  };
}

/** A draft's check in the browser (fare-draft.ts, through-draft.ts): the input to send, or the problems by field. */
interface DraftCheck<I> {
  input: I | null;
  problems: Map<string, RuleProblem>;
}

/**
 * useInlineRow for a draft the browser checks before sending it: its first problem (the local
 * ones in `localWords`) stops the save, and what the check makes of it is what `send` sends.
 * `neverSent` is what is thrown should a draft with problems reach the save all the same.
 */
export function useCheckedRow<D, I>({
  check,
  localWords,
  send,
  neverSent,
  ...options
}: Omit<Parameters<typeof useInlineRow<D>>[0], 'problem' | 'save'> & {
  check: (draft: D, baseVersion?: number) => DraftCheck<I>;
  localWords: (problem: LocalProblem) => string;
  send: (input: I) => Promise<unknown>;
  neverSent: string;
}): InlineRow<D> {
  return useInlineRow<D>({
    ...options,
    problem: (draft) => {
      const [first] = check(draft).problems.values();
      return first === undefined ? null : 'local' in first ? localWords(first.local) : first.keyed;
    },
    save: (draft, _confirmed, baseVersion) => {
      const { input } = check(draft, baseVersion);
      // problem() let it through, so there is an input; the guard keeps the types honest.
      if (input === null) throw new Error(neverSent);
      return send(input);
    },
  });
}

/**
 * A field's problem in words (after a refused save), else null: `problems` are the refused
 * draft's; the browser's own in `localWords`, the server's in the language shown.
 */
export function problemWords(
  problems: ReadonlyMap<string, RuleProblem>,
  localWords: (problem: LocalProblem) => string,
  serverMessages: ReturnType<typeof useServerMessages>,
): (path: string) => string | null {
  return (path) => {
    const found = problems.get(path);
    if (found === undefined) return null;
    return 'local' in found
      ? localWords(found.local)
      : serverMessages
        ? renderServerMessage(serverMessages, found.keyed)
        : englishMessage(found.keyed);
  };
}

/** A group of the list (a line's rules, a journey's through fares): its heading and its fares. */
export function FareGroup({
  headingId,
  name,
  ends,
  label,
  children,
}: {
  headingId: string;
  name: string;
  /** Shown after the name, dimmed (a line's ends, a journey's lines). */
  ends: string | null;
  /** The list's accessible name. */
  label: string;
  children: ReactNode;
}) {
  return (
    <section className="fare-line" aria-labelledby={headingId}>
      <h3 id={headingId} className="fare-line__name">
        {name}
        {ends && <span className="muted fare-line__ends"> {ends}</span>}
      </h3>
      <ul className="fare-rules" aria-label={label}>
        {children}
      </ul>
    </section>
  );
}

/** A fare in the list: its first day and where it stands today, its words, then edit and delete. */
export function ListedFare({
  validFrom,
  status,
  words,
  more,
  editLabel,
  deleteLabel,
  deleteQuestion,
  deleting,
  row,
}: {
  validFrom: string;
  status: RuleStatus | null;
  words: string;
  /** Shown under the words (a rule's pair fares). */
  more?: ReactNode;
  editLabel: string;
  deleteLabel: string;
  deleteQuestion: string;
  deleting: boolean;
  row: Pick<InlineRow<unknown>, 'startEditing' | 'del'>;
}) {
  const m = useAdminMessages();
  return (
    <>
      <p className="fare-rule__head">
        <span className="fare-rule__from">{m.fares.from(validFrom)}</span>
        {status && (
          <span className={`badge fare-status fare-status--${status}`}>{m.fares.status[status]}</span>
        )}
      </p>
      <p className="fare-rule__words">{words}</p>
      {more}
      <p className="row-actions fare-rule__actions">
        <EditButton label={editLabel} onClick={row.startEditing} />
        <ConfirmDelete
          className="btn btn--small btn--danger-outline"
          label={deleteLabel}
          busy={deleting}
          question={deleteQuestion}
          onConfirm={row.del}
        >
          {m.common.delete}
        </ConfirmDelete>
      </p>
    </>
  );
}

/**
 * The form of a draft: its heading (focused when the form opens: it takes the place of the Edit
 * button, or opens above the list), the fields, then save and cancel.
 */
export function DraftForm<D>({
  title,
  row,
  busy,
  children,
}: {
  title: string;
  row: InlineRow<D>;
  busy: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <form
      className="panel fare-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void row.submit();
      }}
    >
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <div className="actions-bar">
        <EditingRowActions row={row} busy={busy} />
      </div>
    </form>
  );
}

/** Sets one field of a draft. */
export function fieldSetter<D>(draft: Draft<D>) {
  return <K extends keyof D>(key: K, value: D[K]) =>
    draft.edit((next) => {
      next[key] = value;
    });
}

/** The line field: a choice of the lines (none chosen: null). */
export function LineField({
  lines,
  value,
  problem,
  onChange,
}: {
  lines: readonly { id: number; name: string }[];
  value: number | null;
  problem: string | null;
  onChange: (lineId: number | null) => void;
}) {
  const m = useAdminMessages();
  return (
    <FormField label={m.fares.line} problem={problem}>
      {({ invalid, ...props }) => (
        <select
          {...props}
          className={`input select${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid || undefined}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{m.fares.chooseLine}</option>
          {lines.map((line) => (
            <option key={line.id} value={line.id}>
              {line.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The first day a fare is in force on. */
export function ValidFromField({
  hint,
  problem,
  value,
  onChange,
}: {
  hint: string;
  problem: string | null;
  value: string;
  onChange: (validFrom: string) => void;
}) {
  const m = useAdminMessages();
  return (
    <FormField label={m.fares.validFrom} hint={hint} problem={problem}>
      {({ invalid, ...props }) => (
        <input
          {...props}
          type="date"
          className={`input fare-form__date${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid || undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** The line's stops (id -> name), from every route variation, in the order they are first met; none while no line is chosen. */
export function useLineStops(lineId: number | null): Map<number, string> {
  const trpc = useTRPC();
  const line = useQuery({
    ...trpc.admin.lines.getFull.queryOptions({ id: lineId ?? 0 }),
    enabled: lineId !== null,
  });
  const stops = new Map<number, string>();
  for (const route of line.data?.routes ?? [])
    for (const stop of route.stopsArr) if (!stops.has(stop.id)) stops.set(stop.id, stop.name);
  return stops;
}
