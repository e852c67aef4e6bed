import type { VersionedThroughFare } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage, useServerMessages } from '../../../i18n/index.ts';
import { todayInVilnius } from '../../../lib/today.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { savedId } from '../logic/temp-ids.ts';
import { LoadError } from '../ui/bits.tsx';
import type { InlineRow } from '../ui/use-inline-row.ts';
import type { LocalProblem, RuleProblem } from './fare-draft.ts';
import { FormField, NumberText } from './fare-fields.tsx';
import {
  DraftForm,
  FareGroup,
  fieldSetter,
  LineField,
  ListedFare,
  problemWords,
  useAddedIds,
  useCheckedRow,
  useLineStops,
  ValidFromField,
} from './fare-form.tsx';
import type { RuleStatus } from './fare-list.ts';
import type { ListedLine } from './fare-rules.tsx';
import {
  checkThroughDraft,
  draftOfThroughFare,
  emptyThroughDraft,
  type Names,
  type ThroughFareDraft,
  throughFareInWords,
  throughFaresByJourney,
} from './through-draft.ts';

/**
 * The through fares (issue 41): one ticket for a journey from a stop of one line, changing to
 * another line, to a stop of it (both ways), from a date. Listed by journey, each price with where
 * it stands today; a price opens in place as a form (edit), a new one above the list; each saves
 * against the version it was made from, as the fare rules do.
 */
export function ThroughFares({ lines }: { lines: readonly ListedLine[] }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.throughFares.list.queryOptions());
  const stops = useQuery(trpc.admin.stops.list.queryOptions());
  const added = useAddedIds();
  const through = m.fares.through;
  const names: Names = {
    line: (id) => lines.find((l) => l.id === id)?.name ?? String(id),
    stop: (id) => stops.data?.find((s) => s.id === id)?.name ?? String(id),
  };

  let body: ReactNode;
  if (list.isPending || stops.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else if (stops.isError) body = <LoadError error={stops.error} />;
  else {
    const groups = throughFaresByJourney(list.data, names, todayInVilnius());
    body =
      groups.length === 0
        ? added.ids.length === 0 && <p>{through.empty}</p>
        : groups.map((group) => {
            const journey = through.journey(group.from, group.to);
            return (
              <FareGroup
                key={group.key}
                headingId={`through-${group.key}`}
                name={journey}
                ends={through.lines(group.fromLine, group.toLine)}
                label={through.faresOf(group.from, group.to)}
              >
                {group.fares.map(({ fare, status }) => (
                  <li key={fare.id} className="fare-rule">
                    <ThroughFareItem
                      id={fare.id}
                      fare={fare}
                      status={status}
                      journey={journey}
                      lines={lines}
                      names={names}
                    />
                  </li>
                ))}
              </FareGroup>
            );
          });
  }

  return (
    <section aria-labelledby="through-fares-heading">
      <h2 id="through-fares-heading">{through.heading}</h2>
      <p>{through.intro}</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={added.add}>
          {through.add}
        </button>
      </p>
      {added.ids.map((id) => (
        <ThroughFareItem
          key={id}
          id={id}
          fare={null}
          status={null}
          journey=""
          lines={lines}
          names={names}
          onDone={added.done(id)}
        />
      ))}
      {body}
    </section>
  );
}

/** A through fare in the list (its words, edit and delete) that turns into its form; a new one is a form only. */
function ThroughFareItem({
  id,
  fare,
  status,
  journey,
  lines,
  names,
  onDone,
}: {
  id: number;
  fare: VersionedThroughFare | null;
  status: RuleStatus | null;
  /** 'Kavarskas – Utenos AS' */
  journey: string;
  lines: readonly ListedLine[];
  names: Names;
  onDone?: () => void;
}) {
  const m = useAdminMessages();
  const through = m.fares.through;
  const language = useLanguage();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.admin.throughFares.save.mutationOptions());
  const remove = useMutation(trpc.admin.throughFares.delete.mutationOptions());
  const version = fare?.version ?? 0;
  const check = (draft: ThroughFareDraft, baseVersion = version) =>
    checkThroughDraft(draft, savedId(id), baseVersion);
  const localWords = (problem: LocalProblem) =>
    problem.kind === 'amount' ? m.fares.badAmount(problem.text) : m.fares.amountRequired;
  const validFrom = fare?.validFrom ?? '';

  const row = useCheckedRow({
    initial: () => (fare ? draftOfThroughFare(fare, language) : emptyThroughDraft(todayInVilnius())),
    startEditing: fare === null,
    onDone,
    check,
    localWords,
    send: (input) => save.mutateAsync(input),
    neverSent: 'a through fare with problems is never sent',
    version,
    storageKey: fare ? `through-fare:${fare.id}` : undefined,
    remove: () => remove.mutateAsync({ id, baseVersion: version }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: trpc.admin.throughFares.pathKey() }),
    deletedMessage: through.deleted(journey, validFrom),
  });

  if (row.editing || fare === null) {
    const problems = row.refused ? check(row.refused).problems : new Map<string, RuleProblem>();
    const at = problemWords(problems, localWords, serverMessages);
    return (
      <ThroughForm
        title={
          fare
            ? through.editTitle(names.stop(fare.fromStopId), names.stop(fare.toStopId), fare.validFrom)
            : through.newTitle
        }
        row={row}
        lines={lines}
        at={at}
        busy={save.isPending}
      />
    );
  }

  return (
    <ListedFare
      validFrom={fare.validFrom}
      status={status}
      words={throughFareInWords(fare, through.words, language)}
      editLabel={through.editOf(journey, fare.validFrom)}
      deleteLabel={through.deleteOf(journey, fare.validFrom)}
      deleteQuestion={through.confirmDelete(journey, fare.validFrom)}
      deleting={remove.isPending}
      row={row}
    />
  );
}

/** The form of a through fare: each bus's line and stop, the first day, the price, the change time. */
function ThroughForm({
  title,
  row,
  lines,
  at,
  busy,
}: {
  title: string;
  row: InlineRow<ThroughFareDraft>;
  lines: readonly ListedLine[];
  /** A field's problem in words (after a refused save), else null. */
  at: (path: string) => string | null;
  busy: boolean;
}) {
  const m = useAdminMessages();
  const through = m.fares.through;
  const { draft } = row;
  const d = draft.value;
  const set = fieldSetter(draft);

  return (
    <DraftForm title={title} row={row} busy={busy}>
      <div className="through-form__buses">
        <BusFields
          legend={through.firstBus}
          stopLabel={through.fromStop}
          lines={lines}
          lineId={d.fromLineId}
          stopId={d.fromStopId}
          lineProblem={at('fromLineId')}
          stopProblem={at('fromStopId')}
          onChange={(lineId, stopId) =>
            draft.edit((next) => {
              next.fromLineId = lineId;
              next.fromStopId = stopId;
            })
          }
        />
        <BusFields
          legend={through.secondBus}
          stopLabel={through.toStop}
          lines={lines}
          lineId={d.toLineId}
          stopId={d.toStopId}
          lineProblem={at('toLineId')}
          stopProblem={at('toStopId')}
          onChange={(lineId, stopId) =>
            draft.edit((next) => {
              next.toLineId = lineId;
              next.toStopId = stopId;
            })
          }
        />
      </div>
      <div className="form-grid">
        <ValidFromField
          hint={through.validFromHint}
          problem={at('validFrom')}
          value={d.validFrom}
          onChange={(v) => set('validFrom', v)}
        />
        <FormField label={through.price} hint={through.priceHint} problem={at('cents')}>
          {(props) => <NumberText props={props} value={d.price} onCommit={(v) => set('price', v)} />}
        </FormField>
        <FormField label={through.changeMinutes} hint={through.changeHint} problem={at('changeMinutes')}>
          {(props) => (
            <NumberText props={props} value={d.changeMinutes} onCommit={(v) => set('changeMinutes', v)} />
          )}
        </FormField>
      </div>
    </DraftForm>
  );
}

/** One bus of the journey: its line, then a stop of that line (chosen again when the line changes). */
function BusFields({
  legend,
  stopLabel,
  lines,
  lineId,
  stopId,
  lineProblem,
  stopProblem,
  onChange,
}: {
  legend: string;
  stopLabel: string;
  lines: readonly ListedLine[];
  lineId: number | null;
  stopId: number | null;
  lineProblem: string | null;
  stopProblem: string | null;
  onChange: (lineId: number | null, stopId: number | null) => void;
}) {
  const m = useAdminMessages();
  const stops = useLineStops(lineId);
  return (
    <fieldset className="fare-form__group through-form__bus">
      <legend>{legend}</legend>
      <LineField
        lines={lines}
        value={lineId}
        problem={lineProblem}
        // The stop was the other line's: it is chosen again.
        onChange={(id) => onChange(id, null)}
      />
      <FormField label={stopLabel} problem={stopProblem}>
        {({ invalid, ...props }) => (
          <select
            {...props}
            className={`input select${invalid ? ' is-invalid' : ''}`}
            aria-invalid={invalid || undefined}
            disabled={lineId === null}
            value={stopId ?? ''}
            onChange={(e) => onChange(lineId, e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{lineId === null ? m.fares.through.chooseLineFirst : m.fares.chooseStop}</option>
            {[...stops].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </fieldset>
  );
}
