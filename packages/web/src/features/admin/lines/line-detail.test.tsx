import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { AdminApiProvider, type LineFullData } from '../admin-api.tsx';
import { LineDetail } from './line-detail.tsx';

const stop = (id: number, name: string) => ({ id, name, coords: null, defaultOption: false });

function line(routeType: LineFullData['info']['routeType']): LineFullData {
  return {
    info: {
      id: 7,
      name: 'M1',
      routeStart: 'Alpha',
      routeEnd: 'Gamma',
      routeType,
      operator: null,
      anykStationPlatform: '3',
      price: null,
      via: null,
      enabledSeasonalYearlyRuleFilter: true,
      customNotes: [{ id: 1, noteKey: 'Season', noteValue: 'Summer only' }],
    },
    routes: [
      {
        id: 10,
        lineId: 7,
        routeNotes: null,
        stopsArr: [stop(1, 'Alpha'), stop(3, 'Gamma')],
        distanceMetersList: [900],
      },
      {
        id: 11,
        lineId: 7,
        routeNotes: 'via Beta',
        stopsArr: [stop(1, 'Alpha'), stop(2, 'Beta')],
        distanceMetersList: [null],
      },
    ],
    routeTypeOptions: ['City Bus', 'Regional Bus', 'Nationial Bus'],
    routeUsage: [[12], []],
    version: 0,
  };
}

const render = (data: LineFullData) =>
  renderToString(
    <Router ssrPath="/admin-panel/lines/7">
      <AdminApiProvider>
        <LineDetail data={data} />
      </AdminApiProvider>
    </Router>,
  );

describe('line detail', () => {
  it('shows the labelled info, yes/no flags, notes and the actions', () => {
    const html = render(line('Regional Bus'));
    for (const label of [
      'From',
      'To',
      'Operator',
      'Anyksciu AS platform',
      'Price',
      'Route type',
      'Yearly rule filter',
    ])
      expect(html).toContain(`<dt>${label}</dt>`);
    expect(html).toContain('<dd>Yes</dd>');
    expect(html).toContain('<dt>Season</dt><dd>Summer only</dd>');
    expect(html).toContain('Go to Schedules');
    expect(html).toContain('Del M1');
    expect(html).toContain('Alpha – Gamma');
  });

  it("names a route without notes 'main route', opens the first one and shows distances", () => {
    const html = render(line('Regional Bus'));
    expect(html).toMatch(/aria-pressed="true"[^>]*>main route/);
    expect(html).toMatch(/aria-pressed="false"[^>]*>via Beta/);
    expect(html).toContain('Stops of main route');
    expect(html).not.toContain('Stops of via Beta');
    expect(html).toContain('>900<');
    expect(html).toMatch(/role="switch"[^>]*checked=""/);
  });

  it('hides the start and end headings of a City Bus line', () => {
    expect(render(line('City Bus'))).not.toContain('Alpha – Gamma');
  });
});
