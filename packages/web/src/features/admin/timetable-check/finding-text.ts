import type { CheckFinding, CheckTarget, PeriodBounds, Season } from '@bus/core';
import type { AdminMessages } from '../../../i18n/admin.ts';
import { monthDay } from './check-view.ts';

/** The words of a finding's link to where it is fixed, in the language of `m`. */
export function targetLabel(m: AdminMessages, target: CheckTarget): string {
  switch (target.kind) {
    case 'schedule':
      return m.check.targets.schedule(target.name, target.scheduleId);
    case 'lineSchedules':
      return m.check.targets.lineSchedules(target.name);
    case 'line':
      return m.check.targets.line(target.name);
    case 'stop':
      return m.check.targets.stop(target.name, target.stopId);
    case 'rule':
      return m.check.targets.rule(target.name);
    case 'holidays':
      return m.check.targets.holidays;
    case 'serviceChange':
      return m.check.targets.serviceChange(target.name, target.changeId);
  }
}

/** What is wrong, in the language shown; null when the group's title says it all. */
export function findingDetail(m: AdminMessages, finding: CheckFinding): string | null {
  const seasons = (list: Season[]) =>
    listOf(
      m,
      list.map((s) => m.check.seasons[s]),
    );
  switch (finding.check) {
    case 'timesBackwards': {
      const p = finding.params;
      const where = m.check.backwards(p.from, p.to, p.stopName, p.position, p.stopCount);
      const text = p.steps === 1 ? where : `${m.check.backwardsMore(p.steps)} ${where}`;
      return `${m.check.trip(p.tripId)}: ${text}${p.routeOrder ? `; ${m.check.routeOrder}` : ''}`;
    }
    case 'missingTimes':
      return `${m.check.trip(finding.params.tripId)}: ${m.check.missing(finding.params.missing, finding.params.total)}`;
    case 'timeCount':
      return `${m.check.trip(finding.params.tripId)}: ${m.check.timeCount(finding.params.times, finding.params.stops)}`;
    case 'directionMismatch': {
      const p = finding.params;
      return `${m.check.trip(p.tripId)}: ${m.check.direction(
        m.values.boundFor[p.boundFor],
        p.first.stopName,
        p.first.time,
        p.last.stopName,
        p.last.time,
        p.reversed,
      )}`;
    }
    case 'neverRuns':
      return m.check.neverRuns[finding.params.because];
    case 'windowOutOfOrder':
      return m.check.windowOrder(finding.params.validFrom, finding.params.validUntil);
    case 'windowPast':
      return m.check.windowPast(finding.params.validFrom, finding.params.validUntil);
    case 'unchangedCopy':
      return m.check.unchangedCopy(finding.params.from, finding.params.originalId);
    case 'timetableGap':
      return m.check.gap(finding.params.lastDay, finding.params.nextFrom, finding.params.days);
    case 'seasonMismatch': {
      const p = finding.params;
      return m.check.season(p.description.replace(/\s+/g, ' '), seasons(p.mentioned), seasons(p.ruleSeasons));
    }
    case 'periodMismatch': {
      const p = finding.params;
      const ranges = (periods: PeriodBounds[]) =>
        listOf(
          m,
          periods.map((r) =>
            m.check.range(monthDay(r.startMonth, r.startDay), monthDay(r.endMonth, r.endDay)),
          ),
        );
      return m.check.dates(
        p.description.replace(/\s+/g, ' '),
        ranges(p.named),
        p.rulePeriods.length === 0 ? m.check.allYear : ranges(p.rulePeriods),
      );
    }
    case 'weekdayRepeated':
      return m.check.repeated(
        listOf(
          m,
          finding.params.weekdays.map((d) => m.schedules.weekdayNames[d]),
        ),
        finding.params.weekdays.length,
      );
    case 'unusedRoute':
      return m.check.route(finding.params.routeNumber, finding.params.routeNotes);
    case 'fareNoDistances': {
      const p = finding.params;
      return m.check.fareNoDistances(p.routeNumber, p.validFrom, p.missing, p.gaps);
    }
    case 'fareFalls': {
      const p = finding.params;
      const euros = m.check.euros;
      return m.check.fareFalls(
        p.routeNumber,
        p.validFrom,
        p.fromStopName,
        p.longerToName,
        euros(p.longerCents),
        p.shorterToName,
        euros(p.shorterCents),
      );
    }
    case 'duplicateHoliday': {
      const p = finding.params;
      // A date and names: 01-01: Naujieji metai and Naujųjų metų diena.
      return `${monthDay(p.month, p.day)}: ${listOf(
        m,
        p.holidays.map((h) => h.name),
      )}`;
    }
    case 'impossibleDate': {
      const p = finding.params;
      const what = p.where === 'holiday' ? m.check.dateOf.holiday(p.name) : m.check.dateOf[p.where];
      return `${what} ${m.check.impossible[p.problem](monthDay(p.month, p.day))}`;
    }
    case 'changeNamesMissing':
      return m.check.gone(finding.params.trips, finding.params.lines, finding.params.stops);
    case 'edgeSpaces':
      return m.check.spaces(
        m.check.fields[finding.params.field] ?? finding.params.field,
        finding.params.value,
      );
    case 'scheduleNoTrips':
    case 'scheduleNoWeekdays':
    case 'lineNoSchedules':
    case 'unusedStop':
    case 'sameNameStops':
    case 'unusedRule':
      return null;
  }
}

/** 'A, B and C' in the language of `m`. */
function listOf(m: AdminMessages, items: readonly string[]): string {
  const last = items.at(-1);
  if (last === undefined) return '';
  return items.length === 1 ? last : m.check.and(items.slice(0, -1).join(', '), last);
}
