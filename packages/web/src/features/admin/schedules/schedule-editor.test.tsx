import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { adminEn as m } from '../../../i18n/admin-en.ts';
import { AdminApiProvider, type AdminRouteData, type LineSchedulesData } from '../admin-api.tsx';
import { ScheduleCard, type ScheduleCardProps } from './schedule-card.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';

/** Server-side renders (no DOM needed) of the schedule editor with fixed answers. */

const stop = (id: number, name: string) => ({ id, name, coords: null, defaultOption: false });

const route: AdminRouteData = {
  id: 10,
  lineId: 7,
  routeNotes: null,
  stopsArr: [stop(1, 'Alpha'), stop(2, 'Beta'), stop(3, 'Gamma')],
  distanceMetersList: [null, null],
};

const data: LineSchedulesData = {
  schedules: [
    {
      id: 12,
      lineId: 7,
      runsOnWeekly: ['MONDAY', 'FRIDAY'],
      runsOnYearlyId: 1,
      runsOnPublicHolidays: false,
      timeConstraintsDescription: null,
      trips: [
        {
          id: 30,
          scheduleId: 12,
          boundFor: 'Out bound',
          routeId: 10,
          routeDirReversed: false,
          timeList: ['07:00', '07:05', '07:10'],
        },
        {
          id: 31,
          scheduleId: 12,
          boundFor: 'City bound',
          routeId: 10,
          routeDirReversed: true,
          timeList: ['08:00', '08:05', '08:10'],
        },
      ],
    },
  ],
  empty: {
    id: null,
    lineId: 7,
    runsOnWeekly: [],
    runsOnYearlyId: null,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    validFrom: null,
    validUntil: null,
    trips: [{ id: null, boundFor: 'One way', routeId: null, routeDirReversed: false, timeList: [] }],
  },
  boundForOptions: ['City bound', 'Out bound', 'One way'],
  yearlyOptions: [{ id: 1, periodName: 'Apskritus metus' }],
  lineTitle: 'M1 - A - B',
  version: 0,
};

const render = (node: ReactNode) =>
  renderToString(
    <Router ssrPath="/admin-panel/schedules/7">
      <AdminApiProvider>{node}</AdminApiProvider>
    </Router>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('schedule editor', () => {
  it('says that a line without routes needs one first', () => {
    const html = render(
      <ScheduleEditor lineId={7} data={{ ...data, schedules: [] }} routes={[]} openScheduleId={null} />,
    );
    expect(html).toContain(m.schedules.noRoutesYet);
    expect(html).not.toContain(m.schedules.add);
  });

  it('lists the schedules collapsed with a summary; the opened one shows its editor', () => {
    const closed = render(<ScheduleEditor lineId={7} data={data} routes={[route]} openScheduleId={null} />);
    expect(text(closed)).toContain('Schedule 12 Mon Fri · rule: - · 07:00 Out bound · 08:00 City bound');
    expect(closed).toContain('aria-expanded="false"');
    expect(closed).not.toContain('Runs on weekdays');

    const open = render(<ScheduleEditor lineId={7} data={data} routes={[route]} openScheduleId={12} />);
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain('Runs on weekdays');
  });
});

describe('schedule card', () => {
  const props = (overrides: Partial<ScheduleCardProps> = {}): ScheduleCardProps => ({
    form: {
      id: 12,
      runsOnWeekly: [],
      runsOnYearlyId: null,
      runsOnPublicHolidays: false,
      timeConstraintsDescription: '',
      trips: [
        {
          id: 31,
          boundFor: 'City bound',
          routeId: 10,
          routeDirReversed: true,
          timeList: ['08:00', '', '08:10'],
        },
      ],
    },
    routes: [route],
    boundForOptions: data.boundForOptions,
    yearlyOptions: data.yearlyOptions,
    ruleLabel: '',
    expanded: true,
    showInvalid: false,
    busy: false,
    onToggle: () => {},
    onEdit: () => {},
    onSave: () => {},
    onDelete: () => {},
    warnings: null,
    onConfirmWarnings: () => {},
    onDismissWarnings: () => {},
    ...overrides,
  });

  it('has the seven weekday checkboxes and the trip times in travel order', () => {
    const html = renderToString(<ScheduleCard {...props()} />);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      expect(html).toContain(`${day}</label>`);
    // Reversed: Gamma is the first stop the bus reaches.
    expect(html.indexOf('aria-label="Time at Gamma (stop 1) on trip 1"')).toBeGreaterThan(-1);
    expect(html.indexOf('Gamma')).toBeLessThan(html.indexOf('Alpha'));
    expect(html).toContain('maxLength="5"');
    expect(html).toContain(m.schedules.addTrip);
  });

  it('outlines what is missing only after a failed save', () => {
    expect(renderToString(<ScheduleCard {...props()} />)).not.toContain('aria-invalid="true"');
    const html = renderToString(<ScheduleCard {...props({ showInvalid: true })} />);
    // The weekdays, the rule, the empty time and the direction of a single trip that is not one way.
    expect(html.match(/aria-invalid="true"/g)?.length).toBeGreaterThanOrEqual(7 + 1 + 1 + 1);
    expect(html).toContain('weekday-checks is-invalid');
  });

  it('lists the plausibility warnings to confirm before saving', () => {
    const html = renderToString(
      <ScheduleCard
        {...props({
          warnings: [
            {
              trip: 1,
              stopName: 'Beta',
              warning: { kind: 'backwards', index: 1, stopId: 2, from: '08:10', to: '08:05', count: 2 },
            },
          ],
        })}
      />,
    );
    expect(html).toContain('Please check before saving:');
    expect(html).toContain('Trip 1: the time goes back from 08:10 to 08:05 at Beta (and 1 more place).');
    expect(html).toContain('Save anyway');
    expect(renderToString(<ScheduleCard {...props()} />)).not.toContain('Save anyway');
  });
});
