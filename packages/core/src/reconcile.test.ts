import { describe, expect, it } from 'vitest';
import { isNewId, isStoredId, reconcileList } from './reconcile.ts';

const item = (id: number | null, name = `#${id}`) => ({ id, name });

describe('isStoredId / isNewId', () => {
  it.each([
    [1, true],
    [42, true],
    [0, false],
    [-1, false],
    [-99, false],
    [null, false],
    [undefined, false],
  ])('%s stored: %s', (id, stored) => {
    expect(isStoredId(id)).toBe(stored);
    if (id !== undefined) expect(isNewId(id)).toBe(!stored);
  });
});

describe('reconcileList', () => {
  it.each([
    {
      name: 'nothing stored, nothing posted',
      stored: [],
      posted: [],
      expected: { inserts: [], updates: [], deletes: [], unknownIds: [], duplicateIds: [] },
    },
    {
      name: 'all new (null and temporary ids)',
      stored: [],
      posted: [item(null), item(-1), item(0)],
      expected: {
        inserts: [item(null), item(-1), item(0)],
        updates: [],
        deletes: [],
        unknownIds: [],
        duplicateIds: [],
      },
    },
    {
      name: 'all kept',
      stored: [1, 2],
      posted: [item(2), item(1)],
      expected: { inserts: [], updates: [item(2), item(1)], deletes: [], unknownIds: [], duplicateIds: [] },
    },
    {
      name: 'a stored item left out is a delete',
      stored: [1, 2, 3],
      posted: [item(1), item(3)],
      expected: { inserts: [], updates: [item(1), item(3)], deletes: [2], unknownIds: [], duplicateIds: [] },
    },
    {
      name: 'everything removed',
      stored: [1, 2],
      posted: [],
      expected: { inserts: [], updates: [], deletes: [1, 2], unknownIds: [], duplicateIds: [] },
    },
    {
      name: 'an id that is not stored is unknown (not silently inserted)',
      stored: [1],
      posted: [item(1), item(7)],
      expected: { inserts: [], updates: [item(1)], deletes: [], unknownIds: [7], duplicateIds: [] },
    },
    {
      name: 'a stored id posted twice is reported',
      stored: [1, 2],
      posted: [item(1, 'a'), item(1, 'b'), item(2)],
      expected: {
        inserts: [],
        updates: [item(1, 'a'), item(1, 'b'), item(2)],
        deletes: [],
        unknownIds: [],
        duplicateIds: [1],
      },
    },
    {
      name: 'temporary ids may repeat null without being duplicates',
      stored: [],
      posted: [item(null, 'a'), item(null, 'b')],
      expected: {
        inserts: [item(null, 'a'), item(null, 'b')],
        updates: [],
        deletes: [],
        unknownIds: [],
        duplicateIds: [],
      },
    },
    {
      name: 'mixed: insert, update, delete, unknown',
      stored: [10, 11, 12],
      posted: [item(-3), item(11), item(99), item(null)],
      expected: {
        inserts: [item(-3), item(null)],
        updates: [item(11)],
        deletes: [10, 12],
        unknownIds: [99],
        duplicateIds: [],
      },
    },
  ])('$name', ({ stored, posted, expected }) => {
    expect(reconcileList(stored, posted)).toEqual(expected);
  });

  it('deletes nothing when the posted list is not the complete set', () => {
    expect(reconcileList([1, 2, 3], [item(2), item(null)], { complete: false })).toEqual({
      inserts: [item(null)],
      updates: [item(2)],
      deletes: [],
      unknownIds: [],
      duplicateIds: [],
    });
  });
});
