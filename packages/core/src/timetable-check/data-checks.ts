import type { TimetableDataset } from '../dataset.ts';
import { foldText } from '../text.ts';
import type { Add, CheckParams, CheckTarget, Entity } from './findings.ts';
import { DAYS_IN_MONTH } from './season-text.ts';

/*
 * The checks of lines, route variations, stops, yearly rules, holidays and stored texts: what
 * nothing uses, what is there twice, dates some years lack, spaces at a text's ends.
 */

export function checkLinesAndRoutes(dataset: TimetableDataset, add: Add): void {
  const withSchedules = new Set(dataset.schedules.map((s) => s.lineId));
  const usedRoutes = new Set(dataset.schedules.flatMap((s) => s.trips.map((t) => t.routeId)));
  for (const line of dataset.lines) {
    if (!withSchedules.has(line.id)) {
      add('lineNoSchedules', { lineId: line.id, lineName: line.name }, [
        { kind: 'lineSchedules', lineId: line.id, name: line.name },
        { kind: 'line', lineId: line.id, name: line.name },
      ]);
    }
    line.routes.forEach((route, index) => {
      if (usedRoutes.has(route.id)) return;
      add(
        'unusedRoute',
        {
          lineId: line.id,
          lineName: line.name,
          routeId: route.id,
          routeNumber: index + 1,
          routeNotes: route.routeNotes,
        },
        [{ kind: 'line', lineId: line.id, name: line.name }],
      );
    });
  }
}

export function checkStops(dataset: TimetableDataset, add: Add): void {
  const usedStops = new Set(dataset.lines.flatMap((l) => l.routes.flatMap((r) => r.stopIds)));
  for (const stop of dataset.stops) {
    if (!usedStops.has(stop.id)) {
      add('unusedStop', { stopId: stop.id, stopName: stop.name }, [
        { kind: 'stop', stopId: stop.id, name: stop.name },
      ]);
    }
  }
  // Same-named stops are normal when the coords note tells them apart (the town's convention).
  const byNameAndNote = new Map<string, TimetableDataset['stops']>();
  for (const stop of dataset.stops) {
    const key = `${foldText(stop.name)}\u0000${foldText(stop.coords ?? '')}`;
    const same = byNameAndNote.get(key);
    if (same) same.push(stop);
    else byNameAndNote.set(key, [stop]);
  }
  for (const stops of byNameAndNote.values()) {
    const first = stops[0];
    if (first === undefined || stops.length < 2) continue;
    add(
      'sameNameStops',
      { name: first.name, stops: stops.map((s) => ({ stopId: s.id, coords: s.coords })) },
      stops.map((s) => ({ kind: 'stop', stopId: s.id, name: s.name })),
    );
  }
}

export function checkRules(dataset: TimetableDataset, add: Add): void {
  const used = new Set<number>(dataset.schedules.map((s) => s.runsOnYearlyId));
  // A rule whose periods another rule borrows is in use through it.
  for (const rule of dataset.yearlyRules) if (rule.otherRuleId !== null) used.add(rule.otherRuleId);
  for (const rule of dataset.yearlyRules) {
    if (!used.has(rule.id)) {
      add('unusedRule', { ruleId: rule.id, ruleName: rule.periodName }, [
        { kind: 'rule', ruleId: rule.id, name: rule.periodName },
      ]);
    }
    for (const period of rule.timePeriods) {
      for (const [where, month, day] of [
        ['periodStart', period.startMonth, period.startDay],
        ['periodEnd', period.endMonth, period.endDay],
      ] as const) {
        const problem = calendarProblem(month, day);
        if (problem) {
          add(
            'impossibleDate',
            { where, id: rule.id, periodId: period.id, name: rule.periodName, month, day, problem },
            [{ kind: 'rule', ruleId: rule.id, name: rule.periodName }],
          );
        }
      }
    }
  }
}

export function checkHolidays(dataset: TimetableDataset, add: Add): void {
  const byDate = new Map<number, TimetableDataset['holidays']>();
  for (const holiday of dataset.holidays) {
    const key = holiday.month * 100 + holiday.day;
    const same = byDate.get(key);
    if (same) same.push(holiday);
    else byDate.set(key, [holiday]);
    const problem = calendarProblem(holiday.month, holiday.day);
    if (problem) {
      add(
        'impossibleDate',
        {
          where: 'holiday',
          id: holiday.id,
          periodId: null,
          name: holiday.name,
          month: holiday.month,
          day: holiday.day,
          problem,
        },
        [{ kind: 'holidays' }],
      );
    }
  }
  for (const holidays of [...byDate.entries()].sort(([a], [b]) => a - b).map(([, h]) => h)) {
    const first = holidays[0];
    if (first === undefined || holidays.length < 2) continue;
    add(
      'duplicateHoliday',
      {
        month: first.month,
        day: first.day,
        holidays: holidays.map((h) => ({ holidayId: h.id, name: h.name })),
      },
      [{ kind: 'holidays' }],
    );
  }
}

/** Text stored with spaces at an end (the imports and the editors trim; older data may not be). */
export function checkEdgeSpaces(dataset: TimetableDataset, add: Add): void {
  const check = (entity: Entity, id: number, field: string, value: string | null, target: CheckTarget) => {
    if (value !== null && value !== value.trim()) add('edgeSpaces', { entity, id, field, value }, [target]);
  };
  for (const stop of dataset.stops) {
    const target: CheckTarget = { kind: 'stop', stopId: stop.id, name: stop.name };
    check('stop', stop.id, 'name', stop.name, target);
    check('stop', stop.id, 'coords', stop.coords, target);
  }
  for (const holiday of dataset.holidays)
    check('holiday', holiday.id, 'name', holiday.name, { kind: 'holidays' });
  for (const rule of dataset.yearlyRules) {
    check('rule', rule.id, 'periodName', rule.periodName, {
      kind: 'rule',
      ruleId: rule.id,
      name: rule.periodName,
    });
  }
  for (const line of dataset.lines) {
    const target: CheckTarget = { kind: 'line', lineId: line.id, name: line.name };
    check('line', line.id, 'name', line.name, target);
    for (const route of line.routes) check('route', route.id, 'routeNotes', route.routeNotes, target);
  }
}

function calendarProblem(month: number, day: number): CheckParams['impossibleDate']['problem'] | null {
  const max = DAYS_IN_MONTH[month - 1];
  if (max === undefined) return 'noMonth';
  if (day < 1 || day > max) return 'noDay';
  if (month === 2 && day === 29) return 'leapOnly';
  return null;
}
