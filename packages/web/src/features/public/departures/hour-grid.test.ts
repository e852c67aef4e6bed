import { describe, expect, it } from 'vitest';
import { buildHourGrid, chipTime, splitTime } from './hour-grid.ts';

const item = (timeDepart: string, name = timeDepart) => ({ timeDepart, name });
const hours = (rows: { label: string }[]) => rows.map((r) => r.label);

describe('hour grid', () => {
  it('has rows 06 to 23 even on an empty day', () => {
    const rows = buildHourGrid([]);
    expect(hours(rows)).toEqual([
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
    ]);
    expect(rows.every((r) => r.items.length === 0)).toBe(true);
  });

  it('widens to an earlier departure: 05:30 adds a 05 row', () => {
    const rows = buildHourGrid([item('05:30'), item('07:00')]);
    expect(hours(rows)[0]).toBe('05');
    expect(rows).toHaveLength(19);
    expect(rows[0]?.items.map((i) => i.name)).toEqual(['05:30']);
  });

  it('widens down to midnight and keeps 23:xx in the last row', () => {
    const rows = buildHourGrid([item('00:05'), item('23:59')]);
    expect(hours(rows)[0]).toBe('00');
    expect(rows.at(-1)).toMatchObject({ label: '23', items: [item('23:59')] });
  });

  it("orders each hour's items by minute, keeping the given order within a minute", () => {
    const rows = buildHourGrid([
      item('10:45', 'a'),
      item('10:05', 'b'),
      item('10:20', 'c'),
      item('10:05', 'd'),
      item('09:59', 'e'),
    ]);
    const ten = rows.find((r) => r.hour === 10);
    expect(ten?.items.map((i) => i.name)).toEqual(['b', 'd', 'c', 'a']);
    expect(rows.find((r) => r.hour === 9)?.items.map((i) => i.name)).toEqual(['e']);
  });

  it('accepts HH:MM:SS and shows the first five characters', () => {
    const rows = buildHourGrid([item('08:15:00')]);
    expect(rows.find((r) => r.hour === 8)?.items).toHaveLength(1);
    expect(chipTime('08:15:00')).toBe('08:15');
  });

  it('drops malformed times rather than placing them anywhere', () => {
    expect(splitTime('24:00')).toBeNull();
    expect(splitTime('ab:cd')).toBeNull();
    expect(buildHourGrid([item('nope'), item('25:10')]).flatMap((r) => r.items)).toEqual([]);
  });
});
