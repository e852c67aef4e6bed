import type { VersionedFareRule } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DataTable } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useLanguage, useServerMessages } from '../../../i18n/index.ts';
import { todayInVilnius } from '../../../lib/today.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { savedId } from '../logic/temp-ids.ts';
import { LoadError } from '../ui/bits.tsx';
import type { Draft } from '../ui/use-draft.ts';
import type { InlineRow } from '../ui/use-inline-row.ts';
import {
  checkRuleDraft,
  draftOfRule,
  emptyRuleDraft,
  type FareRuleDraft,
  type LocalProblem,
  type MethodKind,
  nextRowKey,
  type RuleProblem,
} from './fare-draft.ts';
import { controlProps, FormField, NumberText, Problem } from './fare-fields.tsx';
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
import { lineOfSearch, type RuleStatus, rulesByLine } from './fare-list.ts';
import { fareRuleInWords } from './fare-words.ts';

export interface ListedLine {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
}

const METHOD_KINDS: readonly MethodKind[] = ['flat', 'perKm', 'bands'];

/**
 * The lines' fare rules (issue 41): the list grouped by line with each rule in words, narrowed to
 * one line by the filter (kept in the address, `?line=12`); a rule opens in place as a form
 * (edit), a new one above the list; each saves against the version it was made from.
 */
export function FareRules({ lines }: { lines: readonly ListedLine[] }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filterId = useId();
  const lineId = lineOfSearch(search);
  const list = useQuery(trpc.admin.fares.list.queryOptions({ lineId }));
  // New rules (temporary ids), shown first and in edit mode until saved or cancelled.
  const added = useAddedIds();
  const today = todayInVilnius();

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else {
    const groups = rulesByLine(list.data, lines, today);
    body =
      groups.length === 0
        ? added.ids.length === 0 && <p>{lineId === null ? m.fares.empty : m.fares.noneOfLine}</p>
        : groups.map((group) => (
            <FareGroup
              key={group.lineId}
              headingId={`fare-line-${group.lineId}`}
              name={group.name}
              ends={group.ends}
              label={m.fares.rulesOf(group.name)}
            >
              {group.rules.map(({ rule, status }) => (
                <li key={rule.id} className="fare-rule">
                  <FareRuleItem
                    id={rule.id}
                    rule={rule}
                    status={status}
                    lineName={group.name}
                    lines={lines}
                    defaultLineId={null}
                  />
                </li>
              ))}
            </FareGroup>
          ));
  }

  return (
    <section aria-labelledby="fare-rules-heading">
      <h2 id="fare-rules-heading">{m.fares.rules}</h2>
      <div className="toolbar fares-toolbar">
        <div className="field fares-toolbar__filter">
          <label htmlFor={filterId}>{m.fares.filters}</label>
          <select
            id={filterId}
            className="input select"
            value={lineId ?? ''}
            onChange={(e) => navigate(e.target.value === '' ? '/fares' : `/fares?line=${e.target.value}`)}
          >
            <option value="">{m.fares.allLines}</option>
            {lines.map((line) => (
              <option key={line.id} value={line.id}>
                {line.name}
              </option>
            ))}
          </select>
        </div>
        <p className="fares-toolbar__add">
          <button type="button" className="btn btn--primary" onClick={added.add}>
            {m.fares.add}
          </button>
        </p>
      </div>
      {added.ids.map((id) => (
        <FareRuleItem
          key={id}
          id={id}
          rule={null}
          status={null}
          lineName=""
          lines={lines}
          defaultLineId={lineId}
          onDone={added.done(id)}
        />
      ))}
      {body}
    </section>
  );
}

/** A rule in the list (its words, edit and delete) that turns into its form; a new one is a form only. */
function FareRuleItem({
  id,
  rule,
  status,
  lineName,
  lines,
  defaultLineId,
  onDone,
}: {
  id: number;
  rule: VersionedFareRule | null;
  status: RuleStatus | null;
  lineName: string;
  lines: readonly ListedLine[];
  defaultLineId: number | null;
  onDone?: () => void;
}) {
  const m = useAdminMessages();
  const language = useLanguage();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.admin.fares.save.mutationOptions());
  const remove = useMutation(trpc.admin.fares.delete.mutationOptions());
  const version = rule?.version ?? 0;
  const check = (draft: FareRuleDraft, baseVersion = version) =>
    checkRuleDraft(draft, savedId(id), baseVersion);
  const words = useProblemWords();
  const validFrom = rule?.validFrom ?? '';

  const row = useCheckedRow({
    initial: () => (rule ? draftOfRule(rule, language) : emptyRuleDraft(defaultLineId, todayInVilnius())),
    startEditing: rule === null,
    onDone,
    check,
    localWords: words.local,
    send: (input) => save.mutateAsync(input),
    neverSent: 'a fare rule with problems is never sent',
    version,
    storageKey: rule ? `fare-rule:${rule.id}` : undefined,
    remove: () => remove.mutateAsync({ id, baseVersion: version }),
    invalidate: () => queryClient.invalidateQueries({ queryKey: trpc.admin.fares.pathKey() }),
    deletedMessage: m.fares.deleted(lineName, validFrom),
  });

  if (row.editing || rule === null) {
    // The messages stay as the refused save saw them while the user types (use-inline-row.ts).
    const problems = row.refused ? check(row.refused).problems : new Map<string, RuleProblem>();
    const at = problemWords(problems, words.local, serverMessages);
    return (
      <RuleForm
        title={rule ? m.fares.editTitle(lineName, rule.validFrom) : m.fares.newTitle}
        row={row}
        lines={lines}
        at={at}
        busy={save.isPending}
      />
    );
  }

  return (
    <ListedFare
      validFrom={rule.validFrom}
      status={status}
      words={fareRuleInWords(rule, m.fares.words, language)}
      more={
        rule.pairs.length > 0 && (
          <p className="fare-rule__pairs muted">{m.fares.pairCount(rule.pairs.length)}</p>
        )
      }
      editLabel={m.fares.editOf(lineName, rule.validFrom)}
      deleteLabel={m.fares.deleteOf(lineName, rule.validFrom)}
      deleteQuestion={m.fares.confirmDelete(lineName, rule.validFrom)}
      deleting={remove.isPending}
      row={row}
    />
  );
}

/** The browser's own problems in the words of the language shown. */
function useProblemWords() {
  const m = useAdminMessages();
  return {
    local: (problem: LocalProblem): string => {
      switch (problem.kind) {
        case 'line':
          return m.fares.lineRequired;
        case 'amount':
          return m.fares.badAmount(problem.text);
        case 'amountRequired':
          return m.fares.amountRequired;
        case 'distance':
          return m.fares.badDistance(problem.text);
        case 'distanceRequired':
          return m.fares.distanceRequired;
        case 'stops':
          return m.fares.stopsRequired;
      }
    },
  };
}

/** The form of a rule: line, date, method and its amounts, rounding and minimum, bands, pair fares. */
function RuleForm({
  title,
  row,
  lines,
  at,
  busy,
}: {
  title: string;
  row: InlineRow<FareRuleDraft>;
  lines: readonly ListedLine[];
  /** A field's problem in words (after a refused save), else null. */
  at: (path: string) => string | null;
  busy: boolean;
}) {
  const m = useAdminMessages();
  const methodId = useId();
  const { draft } = row;
  const d = draft.value;
  const set = fieldSetter(draft);

  return (
    <DraftForm title={title} row={row} busy={busy}>
      <div className="form-grid">
        <LineField
          lines={lines}
          value={d.lineId}
          problem={at('lineId')}
          onChange={(lineId) =>
            draft.edit((next) => {
              next.lineId = lineId;
              // The pairs' stops were the other line's: they are chosen again.
              for (const pair of next.pairs) {
                pair.fromStopId = null;
                pair.toStopId = null;
              }
            })
          }
        />
        <ValidFromField
          hint={m.fares.validFromHint}
          problem={at('validFrom')}
          value={d.validFrom}
          onChange={(v) => set('validFrom', v)}
        />
      </div>
      <fieldset className="fare-form__group fare-method" aria-describedby={`${methodId}-hint`}>
        <legend>{m.fares.method}</legend>
        <div className="fare-method__choices">
          {METHOD_KINDS.map((kind) => (
            <label key={kind} className="fare-method__choice">
              <input
                type="radio"
                name={`${methodId}-kind`}
                checked={d.kind === kind}
                onChange={() =>
                  draft.edit((next) => {
                    next.kind = kind;
                    if (kind === 'bands' && next.bands.length === 0)
                      next.bands.push({ key: 1, km: '', price: '' });
                  })
                }
              />
              {m.fares.methods[kind]}
            </label>
          ))}
        </div>
        <p className="field-hint" id={`${methodId}-hint`}>
          {m.fares.amountHint}
        </p>
        <div className="form-grid">
          {d.kind === 'flat' && (
            <FormField label={m.fares.flatPrice} problem={at('method.cents')}>
              {(props) => <NumberText props={props} value={d.flat} onCommit={(v) => set('flat', v)} />}
            </FormField>
          )}
          {d.kind === 'perKm' && (
            <FormField label={m.fares.perKmPrice} problem={at('method.centsPerKm')}>
              {(props) => <NumberText props={props} value={d.perKm} onCommit={(v) => set('perKm', v)} />}
            </FormField>
          )}
        </div>
        {d.kind === 'bands' && <BandsTable draft={draft} at={at} />}
        {d.kind !== 'flat' && (
          <div className="form-grid">
            <FormField label={m.fares.rounding} hint={m.fares.roundingHint} problem={at('roundingCents')}>
              {(props) => (
                <NumberText props={props} value={d.rounding} onCommit={(v) => set('rounding', v)} />
              )}
            </FormField>
            <FormField label={m.fares.minimum} hint={m.fares.minimumHint} problem={at('minimumCents')}>
              {(props) => <NumberText props={props} value={d.minimum} onCommit={(v) => set('minimum', v)} />}
            </FormField>
          </div>
        )}
      </fieldset>
      <PairsTable draft={draft} at={at} />
    </DraftForm>
  );
}

/** The distance bands: up to (km) and price (€) per row, added and removed. */
function BandsTable({ draft, at }: { draft: Draft<FareRuleDraft>; at: (path: string) => string | null }) {
  const m = useAdminMessages();
  const id = useId();
  const bands = draft.value.bands;
  const edit = (index: number, key: 'km' | 'price', value: string) =>
    draft.edit((next) => {
      const band = next.bands[index];
      if (band) band[key] = value;
    });
  return (
    <div className="fare-form__rows">
      <h4 className="fare-form__rows-title">{m.fares.bands}</h4>
      <p className="field-hint">{m.fares.bandsHint}</p>
      <DataTable
        className="table fare-rows fare-rows--bands"
        columns={[m.fares.upTo, m.fares.price, <span className="sr-only">{m.common.actions}</span>]}
      >
        {bands.map((band, index) => {
          const n = index + 1;
          const kmAt = at(`method.bands.${index}.upToMeters`);
          const priceAt = at(`method.bands.${index}.cents`);
          return (
            <tr key={band.key}>
              <td data-label={m.fares.upTo}>
                <NumberText
                  props={controlProps(`${id}-${band.key}-km`, null, kmAt)}
                  label={m.fares.bandUpTo(n)}
                  value={band.km}
                  onCommit={(v) => edit(index, 'km', v)}
                />
                <Problem id={`${id}-${band.key}-km`} problem={kmAt} />
              </td>
              <td data-label={m.fares.price}>
                <NumberText
                  props={controlProps(`${id}-${band.key}-price`, null, priceAt)}
                  label={m.fares.bandPrice(n)}
                  value={band.price}
                  onCommit={(v) => edit(index, 'price', v)}
                />
                <Problem id={`${id}-${band.key}-price`} problem={priceAt} />
              </td>
              <td className="fare-rows__remove">
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={m.fares.removeBand(n)}
                  onClick={() =>
                    draft.edit((next) => {
                      next.bands.splice(index, 1);
                    })
                  }
                >
                  {m.fares.remove}
                </button>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Problem id={`${id}-bands`} problem={at('method.bands')} />
      <p className="fare-form__add">
        <button
          type="button"
          className="btn btn--small"
          onClick={() =>
            draft.edit((next) => {
              next.bands.push({ key: nextRowKey(next.bands), km: '', price: '' });
            })
          }
        >
          {m.fares.addBand}
        </button>
      </p>
    </div>
  );
}

/** The pair fares: two stops of the chosen line and a price per row, added and removed. */
function PairsTable({ draft, at }: { draft: Draft<FareRuleDraft>; at: (path: string) => string | null }) {
  const m = useAdminMessages();
  const id = useId();
  const { lineId, pairs } = draft.value;
  const stops = useLineStops(lineId);
  const edit = (index: number, change: (pair: FareRuleDraft['pairs'][number]) => void) =>
    draft.edit((next) => {
      const pair = next.pairs[index];
      if (pair) change(pair);
    });
  const stopSelect = (
    label: string,
    value: number | null,
    invalid: boolean,
    describedBy: string | undefined,
    onChange: (stopId: number | null) => void,
  ) => (
    <select
      className={`input select${invalid ? ' is-invalid' : ''}`}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">{m.fares.chooseStop}</option>
      {[...stops].map(([stopId, name]) => (
        <option key={stopId} value={stopId}>
          {name}
        </option>
      ))}
    </select>
  );

  return (
    <fieldset className="fare-form__group fare-form__rows">
      <legend>{m.fares.pairs}</legend>
      <p className="field-hint">{lineId === null ? m.fares.stopsFirst : m.fares.pairsHint}</p>
      {pairs.length === 0 ? (
        <p className="muted">{m.fares.noPairs}</p>
      ) : (
        <DataTable
          className="table fare-rows fare-rows--pairs"
          columns={[
            m.fares.fromStop,
            m.fares.toStop,
            m.fares.price,
            <span className="sr-only">{m.common.actions}</span>,
          ]}
        >
          {pairs.map((pair, index) => {
            const n = index + 1;
            const stopsAt = at(`pairs.${index}.stops`);
            const priceAt = at(`pairs.${index}.cents`);
            const stopsId = `${id}-${pair.key}-stops`;
            return (
              <tr key={pair.key}>
                <td data-label={m.fares.fromStop} className="fare-rows__stop">
                  {stopSelect(
                    m.fares.pairFrom(n),
                    pair.fromStopId,
                    stopsAt !== null,
                    stopsAt ? `${stopsId}-problem` : undefined,
                    (stopId) =>
                      edit(index, (p) => {
                        p.fromStopId = stopId;
                      }),
                  )}
                </td>
                <td data-label={m.fares.toStop} className="fare-rows__stop">
                  {stopSelect(
                    m.fares.pairTo(n),
                    pair.toStopId,
                    stopsAt !== null,
                    stopsAt ? `${stopsId}-problem` : undefined,
                    (stopId) =>
                      edit(index, (p) => {
                        p.toStopId = stopId;
                      }),
                  )}
                  <Problem id={stopsId} problem={stopsAt} />
                </td>
                <td data-label={m.fares.price}>
                  <NumberText
                    props={controlProps(`${id}-${pair.key}-price`, null, priceAt)}
                    label={m.fares.pairPrice(n)}
                    value={pair.price}
                    onCommit={(v) =>
                      edit(index, (p) => {
                        p.price = v;
                      })
                    }
                  />
                  <Problem id={`${id}-${pair.key}-price`} problem={priceAt} />
                </td>
                <td className="fare-rows__remove">
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-label={m.fares.removePair(n)}
                    onClick={() =>
                      draft.edit((next) => {
                        next.pairs.splice(index, 1);
                      })
                    }
                  >
                    {m.fares.remove}
                  </button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Problem id={`${id}-pairs`} problem={at('pairs')} />
      <p className="fare-form__add">
        <button
          type="button"
          className="btn btn--small"
          disabled={lineId === null}
          onClick={() =>
            draft.edit((next) => {
              next.pairs.push({ key: nextRowKey(next.pairs), fromStopId: null, toStopId: null, price: '' });
            })
          }
        >
          {m.fares.addPair}
        </button>
      </p>
    </fieldset>
  );
}
