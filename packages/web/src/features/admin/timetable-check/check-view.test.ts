import { type CheckFinding, checkTimetable, type TimetableDataset } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { groupFindings, monthDay, OPEN_UP_TO, passedChecks, startsOpen, targetHref } from './check-view.ts';

const unusedStop = (id: number): CheckFinding => ({
  check: 'unusedStop',
  severity: 'warning',
  params: { stopId: id, stopName: `Stop ${id}` },
  targets: [{ kind: 'stop', stopId: id, name: `Stop ${id}` }],
});
const backwards: CheckFinding = {
  check: 'timesBackwards',
  severity: 'error',
  params: {
    tripId: 25,
    scheduleId: 12,
    lineId: 3,
    lineName: 'M35',
    position: 15,
    stopCount: 15,
    stopId: 7,
    stopName: 'Repšėnai',
    from: '14:24',
    to: '14:15',
    steps: 1,
    routeOrder: false,
  },
  targets: [{ kind: 'schedule', lineId: 3, scheduleId: 12, name: 'M35' }],
};

describe('groupFindings', () => {
  it('groups by check in the report order, errors first, keeping each group’s order', () => {
    const groups = groupFindings([unusedStop(4), backwards, unusedStop(2)]);
    expect(groups.map((g) => [g.check, g.severity, g.findings.length])).toEqual([
      ['timesBackwards', 'error', 1],
      ['unusedStop', 'warning', 2],
    ]);
    expect(groups[1]?.findings.map((f) => f.targets[0])).toEqual([
      { kind: 'stop', stopId: 4, name: 'Stop 4' },
      { kind: 'stop', stopId: 2, name: 'Stop 2' },
    ]);
  });

  it('is empty for no findings, and every check then passed', () => {
    expect(groupFindings([])).toEqual([]);
    const empty: TimetableDataset = {
      format: 'bus-timetable',
      version: 1,
      stops: [],
      holidays: [],
      yearlyRules: [],
      lines: [],
      schedules: [],
    };
    const report = checkTimetable(empty, '2026-11-26');
    expect(passedChecks(report.findings)).toHaveLength(25);
    expect(passedChecks([backwards])).not.toContain('timesBackwards');
  });
});

describe('startsOpen', () => {
  it.each([
    ['an error group of any size', [backwards, backwards, ...Array(20).fill(backwards)], true],
    ['a short warning group', Array.from({ length: OPEN_UP_TO }, (_, i) => unusedStop(i)), true],
    ['a long warning group', Array.from({ length: OPEN_UP_TO + 1 }, (_, i) => unusedStop(i)), false],
  ])('%s: %s', (_name, findings, open) => {
    const [group] = groupFindings(findings as CheckFinding[]);
    expect(group && startsOpen(group)).toBe(open);
  });
});

describe('targetHref', () => {
  it.each([
    [{ kind: 'schedule', lineId: 3, scheduleId: 12, name: 'M35' }, '/schedules/3/12'],
    [{ kind: 'lineSchedules', lineId: 22, name: 'M99' }, '/schedules/22'],
    [{ kind: 'line', lineId: 22, name: 'M99' }, '/lines/22/edit'],
    [{ kind: 'stop', stopId: 31, name: 'Mokinių st. v.' }, '/bus-stops?stop=31'],
    [{ kind: 'rule', ruleId: 16, name: 'Mokslo metu' }, '/yearly-rules/16'],
    [{ kind: 'holidays' }, '/holidays'],
  ] as const)('%j -> %s', (target, href) => {
    expect(targetHref(target)).toBe(href);
  });
});

describe('monthDay', () => {
  it.each([
    [1, 1, '01-01'],
    [12, 24, '12-24'],
    [2, 29, '02-29'],
  ])('%i, %i -> %s', (month, day, text) => {
    expect(monthDay(month, day)).toBe(text);
  });
});
