import { WEEKDAYS } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminOutputs, RulesWithUsageData } from '../admin-api.tsx';
import { withSaved } from '../logic/copy-with.ts';
import { type PatternForm, type RuleForm, ruleToForm, validateRules } from '../logic/rules-form.ts';
import { tempId } from '../logic/temp-ids.ts';
import { LoadError } from '../ui/bits.tsx';
import { RULE_NAME_DEBOUNCE_MS } from '../ui/debounced-input.tsx';
import { SelectField, TextField } from '../ui/fields.tsx';
import { useFlushEdits } from '../ui/flush.tsx';
import { MonthDayPicker } from '../ui/month-day-picker.tsx';
import { useSafeDraft } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import './yearly-rules.css';

type SavedRulesData = AdminOutputs['rules']['saveAll'];

/** The rule calendar shows 3 months at a time (spec section 9). */
const RULE_PICKER_MONTHS = 3;

/** The two ends of a period, each a month and a day. */
const PERIOD_ENDS = [
  { month: 'startMonth', day: 'startDay' },
  { month: 'endMonth', day: 'endDay' },
] as const;

/** Yearly rules editor: every rule with its periods and pattern items, saved all at once. */
export function YearlyRulesPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const rules = useQuery(trpc.admin.rules.allWithUsage.queryOptions());
  // After a save the editor starts again from what is stored.
  const [generation, setGeneration] = useState(0);
  let body: ReactNode;
  if (rules.isPending) body = <Loading />;
  else if (rules.isError) body = <LoadError error={rules.error} />;
  else body = <RulesEditor key={generation} data={rules.data} onSaved={() => setGeneration((g) => g + 1)} />;
  return (
    <>
      <h1>{m.admin.yearlyRules}</h1>
      {body}
    </>
  );
}

function RulesEditor({ data, onSaved }: { data: RulesWithUsageData; onSaved: () => void }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const loaded = useMemo(() => data.rules.map(ruleToForm), [data]);
  const draft = useSafeDraft<RuleForm[], number>({
    key: 'rules',
    loaded,
    version: data.version,
    reload: () => queryClient.invalidateQueries({ queryKey: trpc.admin.rules.pathKey() }),
  });
  const [submitted, setSubmitted] = useState(false);
  const saveAll = useMutation(trpc.admin.rules.saveAll.mutationOptions());
  const usage = new Map(data.usage.map((u) => [u.ruleId, u.scheduleIds.length]));

  const check = submitted ? validateRules(draft.value) : null;
  const badPaths = check && !check.success ? check.paths : [];
  const invalid = (...path: (string | number)[]) => {
    const key = path.join('.');
    return badPaths.some((p) => p === key || p.startsWith(`${key}.`));
  };

  const submit = async () => {
    flushEdits();
    const result = validateRules(draft.latest());
    if (!result.success) {
      setSubmitted(true);
      toasts.danger(m.validation.inputFailed, ALERT_MS.standard);
      return;
    }
    try {
      const baseVersion = draft.baseVersion;
      const answer = await saveAll.mutateAsync({ ...result.data, baseVersion });
      draft.saved();
      toasts.success(m.validation.saved, ALERT_MS.standard);
      await rebase(answer, baseVersion);
      onSaved();
    } catch (error) {
      const text = draft.failed(error);
      if (text !== null) toasts.danger(text, ALERT_MS.standard);
    }
  };

  /**
   * The loaded rules follow the save: the stored rules and the new version from the answer, with
   * no reading back (a rule the save deleted had no schedules, a new one has none yet). Rules
   * loaded from another version than the save's (a draft brought back) are read again instead;
   * the schedule editors read the rules' names again when they open.
   */
  const rebase = async (answer: SavedRulesData, sentVersion: number) => {
    const key = trpc.admin.rules.allWithUsage.queryKey();
    const now = queryClient.getQueryData(key);
    if (now?.version !== sentVersion) return queryClient.invalidateQueries({ queryKey: key });
    const usage = new Map(now.usage.map((u) => [u.ruleId, u.scheduleIds]));
    const rules = withSaved([], answer.rules);
    queryClient.setQueryData(key, {
      rules,
      usage: rules.map((r) => ({ ruleId: r.id, scheduleIds: usage.get(r.id) ?? [] })),
      version: answer.version,
    });
  };

  const editRule = (id: number, change: (rule: RuleForm) => void) =>
    draft.edit((all) => {
      const rule = all.find((r) => r.id === id);
      if (rule) change(rule);
    });

  return (
    <>
      {draft.notices}
      <div className="actions-bar">
        <button
          type="button"
          className="btn"
          onClick={() =>
            draft.edit((all) => {
              all.push({
                id: tempId(),
                periodName: '',
                typeOfYearlyRule: null,
                otherRuleId: null,
                timePeriods: [],
                pattern1Params: [],
              });
            })
          }
        >
          {m.rules.add}
        </button>
        <button type="button" className="btn btn--primary" disabled={saveAll.isPending} onClick={submit}>
          {saveAll.isPending ? m.common.saving : m.rules.saveAll}
        </button>
      </div>
      {draft.value.length === 0 && <p className="muted">{m.rules.empty}</p>}
      <div className="two-columns">
        {draft.value.map((rule, index) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            index={index}
            all={draft.value}
            used={usage.get(rule.id) ?? 0}
            invalid={(...path) => invalid('rules', index, ...path)}
            onEdit={(change) => editRule(rule.id, change)}
            onDelete={() =>
              draft.edit((all) => {
                const i = all.findIndex((r) => r.id === rule.id);
                if (i !== -1) all.splice(i, 1);
              })
            }
          />
        ))}
      </div>
      <div className="actions-bar actions-bar--end">
        <button type="button" className="btn btn--primary" disabled={saveAll.isPending} onClick={submit}>
          {saveAll.isPending ? m.common.saving : m.rules.saveAll}
        </button>
      </div>
    </>
  );
}

function RuleCard({
  rule,
  index,
  all,
  used,
  invalid,
  onEdit,
  onDelete,
}: {
  rule: RuleForm;
  index: number;
  all: readonly RuleForm[];
  used: number;
  invalid: (...path: (string | number)[]) => boolean;
  onEdit: (change: (rule: RuleForm) => void) => void;
  onDelete: () => void;
}) {
  const m = useAdminMessages();
  const id = useId();
  // Only a rule that borrows nothing can lend its periods (one level, docs/domain-rules.md).
  const lenders = all.filter((r) => r.id !== rule.id && r.otherRuleId === null && r.timePeriods.length > 0);

  return (
    <section className="rule-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        {rule.periodName || m.rules.rule(index + 1)}
      </h2>
      <div className="rule-card__head">
        <TextField
          className="rule-card__name"
          label={m.rules.periodName}
          value={rule.periodName}
          delay={RULE_NAME_DEBOUNCE_MS}
          required
          invalid={invalid('periodName')}
          onCommit={(v) =>
            onEdit((r) => {
              r.periodName = v;
            })
          }
        />
        <div className="rule-card__usage">
          {used > 0 ? (
            <Link href={`/yearly-rules/${rule.id}`} className="badge badge--used">
              {m.rules.usedBy(used)}
            </Link>
          ) : (
            <span className="badge">{m.rules.unused}</span>
          )}
          <button
            type="button"
            className="btn btn--small btn--danger-outline"
            aria-label={m.rules.deleteRule(rule.periodName)}
            title={used > 0 ? m.rules.inUse : undefined}
            aria-describedby={used > 0 ? `${id}-inuse` : undefined}
            disabled={used > 0}
            onClick={onDelete}
          >
            {m.common.delete}
          </button>
          {used > 0 && (
            <span id={`${id}-inuse`} className="sr-only">
              {m.rules.inUse}
            </span>
          )}
        </div>
      </div>

      <ItemList
        kind="period"
        title={m.rules.periods}
        empty={m.rules.noPeriods}
        items={rule.timePeriods}
        removeLabel={m.rules.removePeriod}
        onRemove={(p) =>
          onEdit((r) => {
            r.timePeriods.splice(p, 1);
          })
        }
        addLabel={m.rules.addPeriod}
        onAdd={() =>
          onEdit((r) => {
            r.timePeriods.push({
              id: tempId(),
              startMonth: null,
              startDay: null,
              endMonth: null,
              endDay: null,
            });
          })
        }
        row={(period, p) =>
          PERIOD_ENDS.map(({ month, day }, e) => (
            <Fragment key={month}>
              <span className="period-row__label">{e === 0 ? m.rules.start : m.rules.end}</span>
              <MonthDayPicker
                label={(e === 0 ? m.rules.startOf : m.rules.endOf)(p + 1)}
                month={period[month]}
                day={period[day]}
                months={RULE_PICKER_MONTHS}
                invalid={invalid('timePeriods', p, month) || invalid('timePeriods', p, day)}
                onChange={(pickedMonth, pickedDay) =>
                  onEdit((r) => {
                    const target = r.timePeriods[p];
                    if (target) Object.assign(target, { [month]: pickedMonth, [day]: pickedDay });
                  })
                }
              />
            </Fragment>
          ))
        }
      />

      {/* Borrowing another rule's periods is only for a rule without its own (spec section 3). */}
      {rule.timePeriods.length === 0 && (
        <SelectField
          className="rule-card__other"
          label={m.rules.otherRule}
          value={rule.otherRuleId}
          options={lenders.map((r) => ({
            value: r.id,
            label: r.periodName || m.rules.rule(all.indexOf(r) + 1),
          }))}
          placeholder={m.rules.otherRuleNone}
          invalid={invalid('otherRuleId')}
          onChange={(v) =>
            onEdit((r) => {
              r.otherRuleId = v;
            })
          }
        />
      )}

      <ItemList
        kind="pattern"
        title={m.rules.patterns}
        empty={m.rules.noPatterns}
        items={rule.pattern1Params}
        removeLabel={m.rules.removePattern}
        onRemove={(p) =>
          onEdit((r) => {
            r.pattern1Params.splice(p, 1);
          })
        }
        addLabel={m.rules.addPattern}
        onAdd={() =>
          onEdit((r) => {
            r.pattern1Params.push({ id: tempId(), nthOccurenceEachMonth: null, dayOfWeek: null });
          })
        }
        row={(item, p) => {
          const label = (text: string) => (
            <>
              {text}
              <span className="sr-only">{m.rules.ofPatternItem(p + 1)}</span>
            </>
          );
          const editItem = (change: (target: PatternForm) => void) =>
            onEdit((r) => {
              const target = r.pattern1Params[p];
              if (target) change(target);
            });
          return (
            <>
              <SelectField
                label={label(m.rules.nth)}
                value={item.nthOccurenceEachMonth}
                options={m.rules.nthOptions.map((label, i) => ({ value: i + 1, label }))}
                placeholder={m.rules.chooseNth}
                invalid={invalid('pattern1Params', p, 'nthOccurenceEachMonth')}
                onChange={(v) =>
                  editItem((target) => {
                    target.nthOccurenceEachMonth = v;
                  })
                }
              />
              <SelectField
                label={label(m.rules.weekday)}
                value={item.dayOfWeek}
                options={WEEKDAYS.map((d) => ({ value: d, label: m.schedules.weekdayNames[d] }))}
                placeholder={m.rules.chooseWeekday}
                invalid={invalid('pattern1Params', p, 'dayOfWeek')}
                onChange={(v) =>
                  editItem((target) => {
                    target.dayOfWeek = v;
                  })
                }
              />
            </>
          );
        }}
      />
    </section>
  );
}

/**
 * One of a rule's lists (its periods, its pattern items): the heading, a row per item with its
 * fields and a remove button, and the button that adds an item.
 */
function ItemList<T extends { id: number }>({
  kind,
  title,
  empty,
  items,
  row,
  removeLabel,
  onRemove,
  addLabel,
  onAdd,
}: {
  /** Names the list's classes: `${kind}-list` and `${kind}-row`. */
  kind: 'period' | 'pattern';
  title: string;
  empty: string;
  items: readonly T[];
  row: (item: T, index: number) => ReactNode;
  removeLabel: (position: number) => string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <>
      <h3 className="rule-card__sub">{title}</h3>
      {items.length === 0 && <p className="muted">{empty}</p>}
      <ul className={`${kind}-list`}>
        {items.map((item, index) => (
          <li key={item.id} className={`${kind}-row`}>
            {row(item, index)}
            <button
              type="button"
              className="icon-btn"
              aria-label={removeLabel(index + 1)}
              title={removeLabel(index + 1)}
              onClick={() => onRemove(index)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--small" onClick={onAdd}>
        {addLabel}
      </button>
    </>
  );
}
