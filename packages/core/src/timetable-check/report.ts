import type { PeriodBounds } from '../service-day.ts';
import {
  CHECK_KINDS,
  CHECKS,
  type CheckFinding,
  type Season,
  type TimetableCheckReport,
  type TripEnd,
} from './findings.ts';
import { CHECK_TITLES_EN } from './titles.ts';

// English words, for the command line and the importers' reports (the web has its catalogues).

const SEASON_EN: { readonly [S in Season]: string } = {
  summer: 'summer',
  winter: 'winter',
  schoolYear: 'the school year',
  schoolHolidays: 'school holidays',
  wholeYear: 'the whole year',
};

const quote = JSON.stringify;
const monthDayText = (month: number, day: number) =>
  `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** One finding as a line of plain English (the importers' warnings keep their old wording). */
export function describeFinding(finding: CheckFinding): string {
  switch (finding.check) {
    case 'timesBackwards': {
      const p = finding.params;
      const where = `stop ${p.position} of ${p.stopCount}${p.stopName === null ? '' : ` ${quote(p.stopName)}`}`;
      if (p.steps === 1) return `trip ${p.tripId}: time goes backwards at ${where} (${p.from} -> ${p.to})`;
      const hint = p.routeOrder ? '; the times look entered in route order instead of travel order' : '';
      return `trip ${p.tripId}: time goes backwards ${p.steps} times, first at ${where} (${p.from} -> ${p.to})${hint}`;
    }
    case 'missingTimes': {
      const p = finding.params;
      return `trip ${p.tripId}: ${p.missing} of ${p.total} stops have no time`;
    }
    case 'timeCount': {
      const p = finding.params;
      return `trip ${p.tripId}: ${p.times} times for the ${p.stops} stops of route ${p.routeId}`;
    }
    case 'directionMismatch': {
      const p = finding.params;
      const at = (end: TripEnd) => `${quote(end.stopName)}${end.time === null ? '' : ` (${end.time})`}`;
      const order = `it starts at ${at(p.first)} and ends at ${at(p.last)}`;
      return `trip ${p.tripId}: ${p.boundFor}, but ${order}${p.reversed ? ', its route driven backwards' : ''}`;
    }
    case 'scheduleNoTrips':
      return `schedule ${finding.params.scheduleId}: has no trips`;
    case 'scheduleNoWeekdays':
      return `schedule ${finding.params.scheduleId}: runs on no weekday`;
    case 'neverRuns': {
      const p = finding.params;
      return p.because === 'rule'
        ? `schedule ${p.scheduleId} (line ${p.lineName}): its yearly rule ${quote(p.ruleName)} runs on no day of the next 12 months`
        : p.because === 'window'
          ? `schedule ${p.scheduleId} (line ${p.lineName}): runs on no day of the next 12 months (its dates of validity hold none of its days in them)`
          : `schedule ${p.scheduleId} (line ${p.lineName}): runs on no day of the next 12 months (its yearly rule ${quote(p.ruleName)} never falls on its weekdays)`;
    }
    case 'windowOutOfOrder': {
      const p = finding.params;
      return `schedule ${p.scheduleId} (line ${p.lineName}): valid from ${p.validFrom} until ${p.validUntil}, which is before it starts, so it never runs`;
    }
    case 'windowPast': {
      const p = finding.params;
      return `schedule ${p.scheduleId} (line ${p.lineName}): valid ${p.validFrom === null ? '' : `from ${p.validFrom} `}until ${p.validUntil}, in the past; delete it if it is no longer needed`;
    }
    case 'unchangedCopy': {
      const p = finding.params;
      return `schedule ${p.scheduleId} (line ${p.lineName}): valid from ${p.from}, the same days and trips as schedule ${p.originalId}, which ends the day before`;
    }
    case 'timetableGap': {
      const p = finding.params;
      return `line ${p.lineId} ${quote(p.lineName)}: no schedule valid between ${p.lastDay} and ${p.nextFrom} (${p.days === 1 ? '1 day' : `${p.days} days`})`;
    }
    case 'seasonMismatch': {
      const p = finding.params;
      const list = (seasons: Season[]) => seasons.map((s) => SEASON_EN[s]).join(', ');
      return `schedule ${p.scheduleId} (line ${p.lineName}): the description ${quote(p.description)} speaks of ${list(p.mentioned)}, its yearly rule ${quote(p.ruleName)} of ${list(p.ruleSeasons)}`;
    }
    case 'periodMismatch': {
      const p = finding.params;
      const ranges = (periods: PeriodBounds[]) =>
        periods
          .map((r) => `${monthDayText(r.startMonth, r.startDay)} to ${monthDayText(r.endMonth, r.endDay)}`)
          .join(', ');
      return `schedule ${p.scheduleId} (line ${p.lineName}): the description ${quote(p.description)} names ${ranges(p.named)}, its yearly rule ${quote(p.ruleName)} runs ${p.rulePeriods.length === 0 ? 'all year' : ranges(p.rulePeriods)}`;
    }
    case 'weekdayRepeated': {
      const p = finding.params;
      return `schedule ${p.scheduleId}: weekday listed more than once (${p.weekdays.join(', ')})`;
    }
    case 'lineNoSchedules':
      return `line ${finding.params.lineId} ${quote(finding.params.lineName)}: has no schedules`;
    case 'unusedRoute': {
      const p = finding.params;
      return `route ${p.routeId} (variation ${p.routeNumber} of line ${p.lineName}${p.routeNotes === null ? '' : `, ${quote(p.routeNotes)}`}): no schedule uses it`;
    }
    case 'unusedStop':
      return `stop ${finding.params.stopId}: not used by any route`;
    case 'fareNoDistances': {
      const p = finding.params;
      return `line ${p.lineName}, route ${p.routeId} (variation ${p.routeNumber}): the fares from ${p.validFrom} are by distance, and ${p.missing} of its ${p.gaps} distances are not entered`;
    }
    case 'fareFalls': {
      const p = finding.params;
      const euros = (c: number) => `€${(c / 100).toFixed(2)}`;
      return `line ${p.lineName}, route ${p.routeId} (variation ${p.routeNumber}), fares from ${p.validFrom}: ${quote(p.fromStopName)} to ${quote(p.longerToName)} costs ${euros(p.longerCents)}, less than to ${quote(p.shorterToName)} (${euros(p.shorterCents)}), which comes before it`;
    }
    case 'changeNamesMissing': {
      const p = finding.params;
      const gone = [
        ...p.trips.map((id) => `trip ${id}`),
        ...p.lines.map((id) => `line ${id}`),
        ...p.stops.map((id) => `stop ${id}`),
      ];
      return `service change ${p.changeId} ${quote(p.title)}: no longer in the timetable: ${gone.join(', ')}`;
    }
    case 'sameNameStops': {
      const p = finding.params;
      return `stops ${p.stops.map((s) => s.stopId).join(', ')}: same name ${quote(p.name)} and no coords note to tell them apart`;
    }
    case 'unusedRule':
      return `yearly rule ${finding.params.ruleId} ${quote(finding.params.ruleName)}: no schedule or other rule uses it`;
    case 'duplicateHoliday': {
      const p = finding.params;
      const date = monthDayText(p.month, p.day);
      return `holidays ${p.holidays.map((h) => h.holidayId).join(', ')}: the same date ${date} (${p.holidays.map((h) => quote(h.name)).join(', ')})`;
    }
    case 'impossibleDate': {
      const p = finding.params;
      const problem =
        p.problem === 'noMonth'
          ? `month ${p.month} does not exist`
          : p.problem === 'noDay'
            ? `day ${p.day} does not exist in month ${p.month}`
            : 'February 29 exists only in leap years';
      return p.where === 'holiday'
        ? `holiday ${p.id}: ${problem}`
        : `yearly rule ${p.id}: time period ${p.periodId} ${p.where === 'periodStart' ? 'start' : 'end'}: ${problem}`;
    }
    case 'edgeSpaces': {
      const p = finding.params;
      const entity = p.entity === 'rule' ? 'yearly rule' : p.entity;
      return `${entity} ${p.id}: ${p.field} ${quote(p.value)} has leading or trailing spaces`;
    }
  }
}

/** The report as lines of text, grouped by check, with the totals last. */
export function formatCheckReport(report: TimetableCheckReport): string[] {
  const lines: string[] = [];
  for (const kind of CHECK_KINDS) {
    const group = report.findings.filter((f) => f.check === kind);
    if (group.length === 0) continue;
    lines.push(`${CHECKS[kind]}: ${CHECK_TITLES_EN[kind]} (${group.length})`);
    for (const finding of group) lines.push(`  ${describeFinding(finding)}`);
  }
  const c = report.counts;
  lines.push(
    `checked ${c.stops} stops, ${c.lines} lines, ${c.routes} routes, ${c.schedules} schedules, ${c.trips} trips, ${c.rules} yearly rules, ${c.holidays} holidays; running days from ${report.window.start} to ${report.window.end}`,
  );
  lines.push(`${report.errors} errors, ${report.warnings} warnings`);
  return lines;
}
