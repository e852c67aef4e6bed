import { Fragment, type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import type { PublishingData } from '../admin-api.tsx';
import { busStopsHref } from '../bus-stops/stops-filter.ts';
import { feedAddress, fieldId, groupProblems, type ProblemGroup } from './publishing-view.ts';

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
export function FeedStatus({ data }: { data: PublishingData }) {
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
      <p className={`verdict feed-status__verdict ${ready ? 'is-good' : 'is-warning'}`}>
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
