import {
  englishMessage,
  FEED_WINDOW_DAYS,
  type KeyedMessage,
  renderServerMessage,
  SavePublishingInput,
  validationProblem,
} from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { PublishingData } from '../admin-api.tsx';
import { busStopsHref } from '../bus-stops/stops-filter.ts';
import { LoadError } from '../ui/bits.tsx';
import { DebouncedInput, type DebouncedInputProps } from '../ui/debounced-input.tsx';
import { useFlushEdits } from '../ui/flush.tsx';
import { useSafeDraft } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import {
  draftToInput,
  feedAddress,
  fieldId,
  fieldProblems,
  groupProblems,
  overviewToDraft,
  type ProblemGroup,
  type PublishingDraft,
} from './publishing-view.ts';
import './publishing.css';

/**
 * Publishing (/admin-panel/publishing): the timetable as open data (a GTFS feed at /gtfs.zip).
 * The settings the feed needs and the timetable does not hold (the site's address, the
 * publisher, each operator's web address and phone, the feed period), saved together; below,
 * whether the feed can be published, and if not, every problem with a way to the place to fix it.
 */
export function PublishingPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.publishing.get.queryOptions());
  // After a save the editor starts again from what is stored.
  const [generation, setGeneration] = useState(0);

  let body: ReactNode;
  if (overview.isPending) body = <Loading />;
  else if (overview.isError) body = <LoadError error={overview.error} />;
  else
    body = (
      <>
        <PublishingEditor key={generation} data={overview.data} onSaved={() => setGeneration((g) => g + 1)} />
        <FeedStatus data={overview.data} />
      </>
    );

  return (
    <div className="publishing">
      <h1>{m.publishing.heading}</h1>
      <p className="publishing__intro">{m.publishing.intro}</p>
      {body}
    </div>
  );
}

/** A keyed message in the language shown (the server's English until its catalogue is there). */
function useKeyedText(): (message: KeyedMessage) => string {
  const serverMessages = useServerMessages();
  return (message) =>
    serverMessages ? renderServerMessage(serverMessages, message) : englishMessage(message);
}

function PublishingEditor({ data, onSaved }: { data: PublishingData; onSaved: () => void }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const keyedText = useKeyedText();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useMemo(() => overviewToDraft(data), [data]);
  const draft = useSafeDraft<PublishingDraft, string | null>({
    key: 'publishing',
    loaded,
    version: data.savedAt,
    reload: () => queryClient.invalidateQueries({ queryKey: trpc.admin.publishing.get.queryKey() }),
  });
  const save = useMutation(trpc.admin.publishing.save.mutationOptions());
  // Each field's broken rule in words, as the last refused save found them: they stay put while
  // the user types (a message vanishing on the blur of a click on Save would move the button
  // away from under the pointer) and are checked again with the next save.
  const [refused, setRefused] = useState<ReadonlyMap<string, KeyedMessage>>(new Map());
  const [focusInvalid, setFocusInvalid] = useState(0);
  const d = draft.value;
  const problemAt = (path: string) => {
    const problem = refused.get(path);
    return problem ? keyedText(problem) : null;
  };

  useEffect(() => {
    if (focusInvalid === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    flushEdits();
    const input = draftToInput(draft.latest(), draft.baseVersion);
    const result = SavePublishingInput.safeParse(input);
    if (!result.success) {
      // Nothing is sent: the fields say what to fix, the alert names the first rule broken.
      setRefused(fieldProblems(result.error));
      setFocusInvalid((n) => n + 1);
      toasts.danger(keyedText(validationProblem(result.error)), ALERT_MS.standard);
      return;
    }
    setRefused(new Map());
    try {
      const fresh = await save.mutateAsync(input);
      draft.saved();
      queryClient.setQueryData(trpc.admin.publishing.get.queryKey(), fresh);
      toasts.success(m.validation.saved, ALERT_MS.standard);
      onSaved();
    } catch (error) {
      const text = draft.failed(error);
      if (text !== null) toasts.danger(text, ALERT_MS.standard);
    }
  };

  const set = (key: 'siteUrl' | 'publisherName' | 'publisherContact' | 'windowDays') => (value: string) =>
    draft.edit((x) => {
      x[key] = value;
    });
  const setOperator = (index: number, key: 'url' | 'phone') => (value: string) =>
    draft.edit((x) => {
      const operator = x.operators[index];
      if (operator) operator[key] = value;
    });

  return (
    <form ref={formRef} className="publishing-form" noValidate onSubmit={submit}>
      {draft.notices}
      <section className="panel" aria-labelledby={`${formId}-settings`}>
        <h2 id={`${formId}-settings`}>{m.publishing.settings}</h2>
        <div className="form-grid">
          <PublishingField
            path="siteUrl"
            label={m.publishing.siteUrl}
            hint={m.publishing.siteUrlHint}
            placeholder={m.publishing.siteUrlPlaceholder}
            type="url"
            autoComplete="url"
            value={d.siteUrl}
            problem={problemAt('siteUrl')}
            onCommit={set('siteUrl')}
          />
          <PublishingField
            path="publisherName"
            label={m.publishing.publisherName}
            hint={m.publishing.publisherNameHint}
            placeholder={m.publishing.publisherNamePlaceholder}
            autoComplete="organization"
            value={d.publisherName}
            problem={problemAt('publisherName')}
            onCommit={set('publisherName')}
          />
          <PublishingField
            path="publisherContact"
            label={m.publishing.publisherContact}
            hint={m.publishing.publisherContactHint}
            placeholder={m.publishing.publisherContactPlaceholder}
            autoComplete="email"
            value={d.publisherContact}
            problem={problemAt('publisherContact')}
            onCommit={set('publisherContact')}
          />
          <PublishingField
            path="windowDays"
            label={m.publishing.windowDays}
            hint={m.publishing.windowDaysHint(
              FEED_WINDOW_DAYS.min,
              FEED_WINDOW_DAYS.max,
              FEED_WINDOW_DAYS.default,
            )}
            type="number"
            inputMode="numeric"
            min={FEED_WINDOW_DAYS.min}
            max={FEED_WINDOW_DAYS.max}
            className="input--short"
            value={d.windowDays}
            problem={problemAt('windowDays')}
            onCommit={set('windowDays')}
          />
        </div>
      </section>

      <section className="panel" aria-labelledby={`${formId}-operators`}>
        <h2 id={`${formId}-operators`}>{m.publishing.operators}</h2>
        <p className="field-hint publishing__hint">{m.publishing.operatorsHint}</p>
        {d.operators.length === 0 && <p className="muted">{m.publishing.noOperators}</p>}
        {d.operators.map((operator, index) => {
          const lines = data.operators[index]?.lines ?? [];
          return (
            <fieldset key={operator.name} className="operator-row">
              <legend className="operator-row__name">{operator.name}</legend>
              <details className="usage operator-row__lines">
                <summary aria-label={m.publishing.operatorLinesOf(operator.name, lines.length)}>
                  {m.publishing.operatorLines(lines.length)}
                </summary>
                <ul>
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </details>
              <div className="form-grid">
                <PublishingField
                  path={`operators.${index}.url`}
                  label={m.publishing.operatorUrl}
                  placeholder={m.publishing.operatorUrlPlaceholder}
                  type="url"
                  value={operator.url}
                  problem={problemAt(`operators.${index}.url`)}
                  onCommit={setOperator(index, 'url')}
                />
                <PublishingField
                  path={`operators.${index}.phone`}
                  label={m.publishing.operatorPhone}
                  placeholder={m.publishing.operatorPhonePlaceholder}
                  type="tel"
                  value={operator.phone}
                  problem={problemAt(`operators.${index}.phone`)}
                  onCommit={setOperator(index, 'phone')}
                />
              </div>
            </fieldset>
          );
        })}
      </section>

      <div className="actions-bar">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? m.common.saving : m.publishing.save}
        </button>
      </div>
    </form>
  );
}

/** A labelled field with its hint and, after a refused save, the rule it breaks. */
function PublishingField({
  path,
  label,
  hint,
  problem,
  className,
  ...rest
}: {
  /** The field's path in the save ('siteUrl', 'operators.0.url'); names its input's id. */
  path: string;
  label: string;
  hint?: string;
  problem: string | null;
} & Omit<DebouncedInputProps, 'id' | 'invalid'>) {
  const id = fieldId(path);
  const describedBy = [problem === null ? null : `${id}-problem`, hint === undefined ? null : `${id}-hint`]
    .filter((x) => x !== null)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <DebouncedInput
        {...rest}
        id={id}
        className={className}
        invalid={problem !== null}
        aria-describedby={describedBy || undefined}
      />
      {problem !== null && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Takes the user to a field of the settings above. */
function FillIn({ path, field }: { path: string; field: string }) {
  const m = useAdminMessages();
  return (
    <button
      type="button"
      className="btn btn--small"
      aria-label={m.publishing.fillInLabel(field)}
      onClick={() => {
        const input = document.getElementById(fieldId(path));
        input?.scrollIntoView({ block: 'center' });
        input?.focus({ preventScroll: true });
      }}
    >
      {m.publishing.fillIn}
    </button>
  );
}

/** Whether the feed can be published, what keeps it back, what it holds and where it is. */
function FeedStatus({ data }: { data: PublishingData }) {
  const m = useAdminMessages();
  const id = useId();
  const groups = groupProblems(data.problems);
  const ready = groups.length === 0;
  const address = feedAddress(data.settings.siteUrl);
  const { summary } = data;

  return (
    <section className="panel feed-status" aria-labelledby={`${id}-status`}>
      <h2 id={`${id}-status`}>{m.publishing.status}</h2>
      <p className="field-hint">{m.publishing.statusHint}</p>
      <p className={`feed-status__verdict ${ready ? 'is-ready' : 'is-not-ready'}`}>
        {ready ? m.publishing.ready : m.publishing.notReady}
      </p>

      {!ready && (
        <>
          <h3 className="feed-status__sub">{m.publishing.toFix}</h3>
          <ul className="feed-problems">
            {groups.map((group) => (
              <ProblemItem key={problemKey(group)} group={group} operators={data.operators} />
            ))}
          </ul>
        </>
      )}

      {data.warnings.length > 0 && (
        <details className="feed-warnings">
          <summary>{m.publishing.warnings(data.warnings.length)}</summary>
          <ul>
            {data.warnings.map((notice, index) => (
              // Notices have no id; their order is stable for one answer.
              <li key={index}>
                <code>{notice.code}</code> {notice.message}
              </li>
            ))}
          </ul>
        </details>
      )}

      <h3 className="feed-status__sub">{m.publishing.summary}</h3>
      <dl className="feed-summary">
        <div>
          <dt>{m.publishing.period}</dt>
          <dd>{m.publishing.periodValue(summary.start, summary.end)}</dd>
        </div>
        <div>
          <dt>{m.publishing.lines}</dt>
          <dd>{summary.routes}</dd>
        </div>
        <div>
          <dt>{m.publishing.stops}</dt>
          <dd>{summary.stops}</dd>
        </div>
        <div>
          <dt>{m.publishing.trips}</dt>
          <dd>{summary.trips}</dd>
        </div>
        <div>
          <dt>{m.publishing.operatorCount}</dt>
          <dd>{summary.agencies}</dd>
        </div>
      </dl>

      <div className="feed-download">
        {ready ? (
          <a className="btn btn--primary" href="/gtfs.zip" download>
            {m.publishing.download}
          </a>
        ) : (
          <>
            <button type="button" className="btn" disabled aria-describedby={`${id}-download`}>
              {m.publishing.download}
            </button>
            <p id={`${id}-download`} className="field-hint">
              {m.publishing.downloadHint}
            </p>
          </>
        )}
      </div>

      <h3 className="feed-status__sub">{m.publishing.address}</h3>
      {address === null ? (
        <p className="muted">{m.publishing.addressMissing}</p>
      ) : (
        <>
          <p className="feed-address">
            <code>{address}</code>
          </p>
          <p className="field-hint">{m.publishing.addressHint}</p>
        </>
      )}
    </section>
  );
}

function problemKey(group: ProblemGroup): string {
  switch (group.kind) {
    case 'setting':
      return `setting-${group.field}`;
    case 'operatorUrl':
      return `operator-${group.operator}`;
    default:
      return group.kind;
  }
}

/** One problem (or one group of alike ones) in plain words, with the way to where it is fixed. */
function ProblemItem({ group, operators }: { group: ProblemGroup; operators: PublishingData['operators'] }) {
  const m = useAdminMessages();
  switch (group.kind) {
    case 'setting':
      return (
        <li>
          <span>{m.publishing.settingMissing[group.field]}</span>{' '}
          <FillIn path={group.field} field={m.publishing[group.field]} />
        </li>
      );
    case 'operatorUrl': {
      const index = operators.findIndex((o) => o.name === group.operator);
      return (
        <li>
          <span>{m.publishing.operatorNoUrl(group.operator)}</span>{' '}
          {index !== -1 && (
            <FillIn
              path={`operators.${index}.url`}
              field={`${group.operator}: ${m.publishing.operatorUrl}`}
            />
          )}
        </li>
      );
    }
    case 'lineOperator':
      return (
        <li>
          <span>{m.publishing.linesWithoutOperator(group.lines.length)}</span>{' '}
          <InlineList>
            {group.lines.map((line) => (
              <Link
                key={line.lineId}
                href={`/lines/${line.lineId}/edit`}
                aria-label={m.publishing.editLine(line.lineName)}
              >
                {line.lineName}
              </Link>
            ))}
          </InlineList>
        </li>
      );
    case 'stopPosition': {
      const more = group.count - group.first.length;
      return (
        <li>
          <span>{m.publishing.stopsWithoutPosition(group.count)}</span>{' '}
          <InlineList last={more > 0 ? m.publishing.andMore(more) : undefined}>
            {group.first.map((stop) => (
              <Link
                key={stop.stopId}
                href={busStopsHref({ stopId: stop.stopId })}
                aria-label={m.publishing.stopOf(stop.stopName)}
              >
                {stop.stopName}
              </Link>
            ))}
          </InlineList>
          <br />
          <Link href={busStopsHref({ missingPosition: true })} className="strong-link">
            {m.publishing.showStopsWithoutPosition}
          </Link>
        </li>
      );
    }
    case 'timesBackwards':
      return (
        <li>
          <span>{m.publishing.timesBackwards(group.trips.length)}</span>
          <ul>
            {group.trips.map((trip) => (
              <li key={`${trip.tripId}-${trip.stopName}`}>
                <Link href={`/schedules/${trip.lineId}/${trip.scheduleId}`}>
                  {m.publishing.timesBackwardsTrip(trip.lineName, trip.scheduleId, trip.tripId)}
                </Link>
                {m.publishing.timesBackwardsAt(trip.stopName, trip.from, trip.to)}
              </li>
            ))}
          </ul>
        </li>
      );
    case 'directionMismatch':
      return (
        <li>
          <span>{m.publishing.directionMismatch(group.trips.length)}</span>
          <ul>
            {group.trips.map((trip) => (
              <li key={trip.tripId}>
                <Link href={`/schedules/${trip.lineId}/${trip.scheduleId}`}>
                  {m.publishing.timesBackwardsTrip(trip.lineName, trip.scheduleId, trip.tripId)}
                </Link>
                {m.publishing.directionMismatchAt(
                  m.values.boundFor[trip.boundFor],
                  trip.firstStopName,
                  trip.lastStopName,
                )}
              </li>
            ))}
          </ul>
        </li>
      );
    case 'noService':
      return (
        <li>
          <span>{m.publishing.noService}</span> <Link href="/schedules">{m.publishing.toSchedules}</Link>
        </li>
      );
    case 'notice':
      return (
        <li>
          <span>{m.publishing.notices}</span>
          <ul>
            {group.notices.map((notice, index) => (
              <li key={index}>
                <code>{notice.code}</code> {notice.message}
              </li>
            ))}
          </ul>
        </li>
      );
  }
}

/** 'A, B, C and 5 more': the items separated by commas, then the closing words if any. */
function InlineList({ children, last }: { children: ReactNode[]; last?: string | undefined }) {
  return (
    <span className="inline-list">
      {children.map((child, index) => (
        <Fragment key={index}>
          {index > 0 && ', '}
          {child}
        </Fragment>
      ))}
      {last !== undefined && ` ${last}`}
      {'.'}
    </span>
  );
}
