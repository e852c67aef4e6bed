import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../i18n/format.ts';
import {
  fieldLabel,
  filterFromSearch,
  historyPagesKey,
  labelBreaks,
  searchFromFilter,
} from './history-view.ts';

describe('history filter in the address', () => {
  it.each([
    ['', {}],
    ['?kind=line&line=3&user=boss', { kind: 'line', lineId: 3, username: 'boss' }],
    ['?kind=bogus&line=-2&user=%20', {}],
    ['?kind=rules', { kind: 'rules' }],
  ])('%s', (search, filter) => {
    expect(filterFromSearch(search)).toEqual(filter);
    expect(filterFromSearch(searchFromFilter(filterFromSearch(search)))).toEqual(filter);
  });
});

describe('changed field labels', () => {
  it.each([
    ['', null],
    ['name', 'name'],
    ['info.name', 'info › name'],
    ['trips[id=130].timeList[2]', 'trips #130 › timeList 3'],
    ['routes[id=40]', 'routes #40'],
    ['[id=2].periodName', '#2 › periodName'],
  ])('%s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});

describe('when a change was made, in Vilnius', () => {
  it.each([
    ['2026-07-01T10:05:00.000Z', '2026-07-01 13:05'],
    ['2026-01-01T22:30:00.000Z', '2026-01-02 00:30'],
    ['2026-03-29T00:59:00.000Z', '2026-03-29 02:59'],
    ['2026-03-29T01:00:00.000Z', '2026-03-29 04:00'],
    ['2026-06-30T21:00:00.000Z', '2026-07-01 00:00'],
  ])('%s', (iso, shown) => {
    expect(formatDate('en-GB', 'dateTime', new Date(iso))).toBe(shown);
    expect(formatDate('en-US', 'dateTime', new Date(iso))).toBe(shown);
  });
});

describe('history pages cache key', () => {
  it('is the procedure path with the filter, marked infinite', () => {
    expect(historyPagesKey([['admin', 'history', 'list']], { kind: 'line' })).toEqual([
      ['admin', 'history', 'list'],
      { input: { kind: 'line' }, type: 'infinite' },
    ]);
  });
});

describe('where a field label may wrap', () => {
  it.each([
    ['name', ['name']],
    ['info › enabledSeasonalYearlyRuleFilter', ['info › enabled', 'Seasonal', 'Yearly', 'Rule', 'Filter']],
    ['routes #42 › stops #201 › name', ['routes #42 › stops #201 › name']],
    ['(all of it)', ['(all of it)']],
  ])('%s', (label, parts) => {
    expect(labelBreaks(label)).toEqual(parts);
  });
});
