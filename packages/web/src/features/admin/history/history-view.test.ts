import { describe, expect, it } from 'vitest';
import { fieldLabel, filterFromSearch, searchFromFilter } from './history-view.ts';

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
