import type { CheckFinding, TimetableCheckReport } from '@bus/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { type AdminMessages, useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { FetchButton, LoadError } from '../ui/bits.tsx';
import {
  type CheckGroup,
  groupFindings,
  passedChecks,
  SHOWN_AT_FIRST,
  startsOpen,
  targetHref,
} from './check-view.ts';
import { findingDetail, targetLabel } from './finding-text.ts';
import './timetable-check.css';

/**
 * Timetable check (/admin-panel/timetable-check): every data check of core over the whole
 * timetable (admin.check.run), findings grouped by check with their counts, errors first and
 * open, long warning groups folded; each finding links to the editor where it is fixed.
 */
export function TimetableCheckPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  // Always asked afresh: the page is for seeing the data as it is now.
  const report = useQuery({ ...trpc.admin.check.run.queryOptions(), staleTime: 0, refetchOnMount: 'always' });

  let body: ReactNode;
  if (report.isPending) body = <Loading />;
  else if (report.isError) body = <LoadError error={report.error} />;
  else body = <Report report={report.data} />;

  return (
    <div className="timetable-check">
      <h1>{m.check.heading}</h1>
      <p className="timetable-check__intro">{m.check.intro}</p>
      <div className="actions-bar">
        <FetchButton
          fetching={report.isFetching}
          text={m.check.rerun}
          busyText={m.check.checking}
          onFetch={report.refetch}
        />
      </div>
      {body}
    </div>
  );
}

function Report({ report }: { report: TimetableCheckReport }) {
  const m = useAdminMessages();
  const groups = groupFindings(report.findings);
  const passed = passedChecks(report.findings);
  const { start, end } = report.window;
  return (
    <>
      <p
        className={`verdict check-verdict ${report.errors > 0 ? 'is-bad' : report.warnings > 0 ? 'is-warning' : 'is-good'}`}
        role="status"
      >
        {report.findings.length === 0 ? m.check.clean : m.check.verdict(report.errors, report.warnings)}
      </p>
      <p className="field-hint">{m.check.checked(report.counts, start, end)}</p>
      {groups.map((group) => (
        <Group key={group.check} group={group} window={report.window} />
      ))}
      {passed.length > 0 && (
        <details className="check-passed">
          <summary>{m.check.passed(passed.length)}</summary>
          <ul>
            {passed.map((check) => (
              <li key={check}>{m.check.titles[check]}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function Group({ group, window }: { group: CheckGroup; window: TimetableCheckReport['window'] }) {
  const m = useAdminMessages();
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? group.findings : group.findings.slice(0, SHOWN_AT_FIRST);
  const hint = groupHint(m, group, window);
  return (
    <details className={`check-group is-${group.severity}`} open={startsOpen(group)}>
      <summary id={`${id}-title`}>
        <span className={`check-badge is-${group.severity}`}>{m.check.severity[group.severity]}</span>{' '}
        <span className="check-group__title">{m.check.titles[group.check]}</span>{' '}
        <span className="check-group__count">({group.findings.length})</span>
      </summary>
      {hint !== null && <p className="field-hint check-group__hint">{hint}</p>}
      <ul className="check-findings" aria-labelledby={`${id}-title`}>
        {shown.map((finding, index) => (
          // Findings have no id of their own; one answer's order is stable.
          <li key={index}>
            <Finding finding={finding} />
          </li>
        ))}
      </ul>
      {shown.length < group.findings.length && (
        <button type="button" className="btn btn--small" onClick={() => setShowAll(true)}>
          {m.check.showAll(group.findings.length)}
        </button>
      )}
    </details>
  );
}

function groupHint(
  m: AdminMessages,
  group: CheckGroup,
  window: TimetableCheckReport['window'],
): string | null {
  switch (group.check) {
    case 'neverRuns':
      return m.check.hints.neverRuns(window.start, window.end);
    case 'seasonMismatch':
      return m.check.hints.seasonMismatch;
    case 'periodMismatch':
      return m.check.hints.periodMismatch;
    case 'missingTimes':
      return m.check.hints.missingTimes;
    case 'directionMismatch':
      return m.check.hints.directionMismatch;
    case 'sameNameStops':
      return m.check.hints.sameNameStops;
    default:
      return null;
  }
}

/** One finding: links to where it is fixed, then what is wrong there (when the title does not say it all). */
function Finding({ finding }: { finding: CheckFinding }) {
  const m = useAdminMessages();
  const detail = findingDetail(m, finding);
  return (
    <>
      {finding.targets.map((target, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          <Link href={targetHref(target)}>{targetLabel(m, target)}</Link>
        </Fragment>
      ))}
      {detail !== null && `: ${detail}`}
    </>
  );
}
