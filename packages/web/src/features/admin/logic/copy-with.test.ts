import { describe, expect, it } from 'vitest';
import { withEntry, withMembers, withSaved } from './copy-with.ts';

describe('withMembers', () => {
  it.each([
    { set: [1, 2], items: [3], on: true, expected: [1, 2, 3] },
    { set: [1, 2], items: [2], on: true, expected: [1, 2] },
    { set: [1, 2], items: [2], on: false, expected: [1] },
    { set: [1, 2], items: [5], on: false, expected: [1, 2] },
    { set: [1], items: [2, 3, 1], on: true, expected: [1, 2, 3] },
    { set: [1, 2, 3], items: [1, 3], on: false, expected: [2] },
    { set: [], items: [], on: true, expected: [] },
  ])('$set with $items on=$on is $expected', ({ set, items, on, expected }) => {
    const before = new Set(set);
    const after = withMembers(before, items, on);
    expect([...after].sort()).toEqual(expected);
    expect(after).not.toBe(before);
    expect([...before]).toEqual(set);
  });
});

describe('withEntry', () => {
  it.each([
    {
      map: [['a', 1]],
      key: 'b',
      value: 2,
      expected: [
        ['a', 1],
        ['b', 2],
      ],
    },
    { map: [['a', 1]], key: 'a', value: 3, expected: [['a', 3]] },
    {
      map: [
        ['a', 1],
        ['b', 2],
      ],
      key: 'a',
      value: null,
      expected: [['b', 2]],
    },
    { map: [['a', 1]], key: 'z', value: null, expected: [['a', 1]] },
  ] as { map: [string, number][]; key: string; value: number | null; expected: [string, number][] }[])(
    '$map with $key = $value is $expected',
    ({ map, key, value, expected }) => {
      const before = new Map(map);
      const after = withEntry(before, key, value);
      expect([...after]).toEqual(expected);
      expect(after).not.toBe(before);
      expect([...before]).toEqual(map);
    },
  );
});

describe('withSaved', () => {
  const item = (id: number, name: string) => ({ id, name });

  it('replaces the stored items the save answered and leaves the others', () => {
    const list = [item(3, 'a'), item(5, 'b'), item(9, 'c')];
    const after = withSaved(list, [item(5, 'B')]);
    expect(after).toEqual([item(3, 'a'), item(5, 'B'), item(9, 'c')]);
    expect(list).toEqual([item(3, 'a'), item(5, 'b'), item(9, 'c')]);
  });

  it('adds new items in id order, as the server lists them', () => {
    expect(withSaved([item(3, 'a'), item(9, 'c')], [item(12, 'new'), item(9, 'C'), item(4, 'back')])).toEqual(
      [item(3, 'a'), item(4, 'back'), item(9, 'C'), item(12, 'new')],
    );
  });

  it('sorts a complete list answered in another order', () => {
    expect(withSaved([], [item(7, 'x'), item(2, 'y')]).map((i) => i.id)).toEqual([2, 7]);
  });
});
