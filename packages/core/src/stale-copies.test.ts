import { describe, expect, it } from 'vitest';
import { changesOfEntities, changesOfItems, findStaleCopies, type ItemChange } from './stale-copies.ts';

/**
 * The detection itself, on items whose content is plain text (the key is the text): which posted
 * items are stale copies, which stored items left out were added after the page was loaded, and
 * whose change to name. Per-kind content keys are tested in copy-keys.test.ts.
 */

const change = (save: number, before: string | null, after: string | null, username = 'anna') => ({
  save,
  before,
  after,
  username,
  at: `2026-01-0${save}T10:00:00.000Z`,
});

function check(
  posted: [number | null, string][],
  current: [number, string][],
  history: [number, ItemChange<string>[]][],
  omittedAreDeleted = true,
  by = 'carol',
) {
  return findStaleCopies({
    posted: posted.map(([id, content]) => ({ id, content })),
    current: new Map(current),
    history: new Map(history),
    key: (text: string) => text,
    omittedAreDeleted,
    by,
  });
}

describe('findStaleCopies', () => {
  // Item 1 was 'a', anna made it 'b' in save 2. Item 2 never changed. Item 3 was added by boss in save 3.
  const current: [number, string][] = [
    [1, 'b'],
    [2, 'x'],
    [3, 'new'],
  ];
  const history: [number, ItemChange<string>[]][] = [
    [1, [change(2, 'a', 'b')]],
    [3, [change(3, null, 'new', 'boss')]],
  ];
  /** A page loaded before save 2: item 1 as it was, item 2 as it is. */
  const stalePage: [number, string][] = [
    [1, 'a'],
    [2, 'x'],
  ];

  it('a page with every copy still true: nothing to refuse, an item left out is deleted on purpose', () => {
    expect(
      check(
        [
          [1, 'b'],
          [2, 'x'],
        ],
        current,
        history,
      ),
    ).toEqual({ stale: [], added: [], newest: null });
  });

  it('edits are no stale copies, and do not date the page', () => {
    expect(
      check(
        [
          [1, 'c'],
          [2, 'x'],
          [null, 'z'],
        ],
        current,
        history,
      ),
    ).toEqual({
      stale: [],
      added: [],
      newest: null,
    });
  });

  it('a copy from before save 2: stale; item 3, added after it, was never on the page', () => {
    expect(check(stalePage, current, history)).toEqual({
      stale: [1],
      added: [3],
      newest: { username: 'boss', at: '2026-01-03T10:00:00.000Z' },
    });
  });

  it('an item added before the stale copy stopped being true may have been on the page: not named', () => {
    const addedFirst: [number, ItemChange<string>[]][] = [
      [1, [change(2, 'a', 'b')]],
      [3, [change(1, null, 'new', 'boss')]],
    ];
    expect(check(stalePage, current, addedFirst)).toEqual({
      stale: [1],
      added: [],
      newest: { username: 'anna', at: '2026-01-02T10:00:00.000Z' },
    });
  });

  it('an item added by the very save that made the copy stale was not on the page', () => {
    const sameSave: [number, ItemChange<string>[]][] = [
      [1, [change(2, 'a', 'b')]],
      [3, [change(2, null, 'new')]],
    ];
    expect(check(stalePage, current, sameSave).added).toEqual([3]);
  });

  it('where leaving an item out deletes nothing (schedules), no item is named as added', () => {
    expect(check([[1, 'a']], current, history, false)).toMatchObject({ stale: [1], added: [] });
  });

  it('A -> B -> A: the copy of A is current, the copy of B is stale from the save that undid it', () => {
    const undone: [number, ItemChange<string>[]][] = [
      [1, [change(1, 'a', 'b'), change(4, 'b', 'a', 'boss')]],
    ];
    expect(check([[1, 'a']], [[1, 'a']], undone).stale).toEqual([]);
    expect(check([[1, 'b']], [[1, 'a']], undone)).toEqual({
      stale: [1],
      added: [],
      newest: { username: 'boss', at: '2026-01-04T10:00:00.000Z' },
    });
  });

  it("the poster's own changes never make their copies stale, nor are their own additions named", () => {
    // anna made item 1 'b' in save 2: anna posting 'a' puts it back (an edit), boss's page is stale.
    expect(check(stalePage, current, history, true, 'anna')).toEqual({
      stale: [],
      added: [],
      newest: null,
    });
    expect(
      check(
        [
          [1, 'a'],
          [2, 'x'],
          [3, 'new'],
        ],
        current,
        history,
        true,
        'boss',
      ),
    ).toEqual({
      stale: [1],
      added: [],
      newest: { username: 'anna', at: '2026-01-02T10:00:00.000Z' },
    });
    // Left out by boss, who added it himself: his page may well have shown it.
    expect(check(stalePage, current, history, true, 'boss').added).toEqual([]);
    // A copy someone else changed after the poster did is still theirs to lose.
    const both: [number, ItemChange<string>[]][] = [[1, [change(2, 'a', 'b'), change(4, 'b', 'c', 'boss')]]];
    expect(check([[1, 'a']], [[1, 'c']], both, true, 'anna').stale).toEqual([1]);
  });

  it('an item deleted by someone else (not stored now) is left to the save to refuse', () => {
    expect(check([[9, 'a']], current, [[9, [change(2, 'a', null)]]])).toMatchObject({ stale: [] });
  });
});

describe('changesOfEntities and changesOfItems: the history read as each item’s changes', () => {
  const entry = (batch: number, before: unknown, after: unknown, entityId: number | null = null) => ({
    batch,
    entityId,
    before,
    after,
    username: 'anna',
    at: 'then',
  });

  it('one entry per thing: grouped by thing, in order', () => {
    const byId = changesOfEntities<string>([
      entry(1, 'a', 'b', 7),
      entry(2, null, 'n', 8),
      entry(3, 'b', 'c', 7),
    ]);
    expect([...byId.keys()]).toEqual([7, 8]);
    expect(byId.get(7)?.map((c) => [c.save, c.before, c.after])).toEqual([
      [1, 'a', 'b'],
      [3, 'b', 'c'],
    ]);
  });

  it('one entry holding every item: only the items that changed, added or removed', () => {
    type Rule = { id: number; name: string };
    const rules = (state: unknown) => (state as Rule[] | null) ?? [];
    const byId = changesOfItems(
      [
        entry(
          1,
          [{ id: 1, name: 'a' }],
          [
            { id: 1, name: 'a' },
            { id: 2, name: 'b' },
          ],
        ),
        entry(
          2,
          [
            { id: 1, name: 'a' },
            { id: 2, name: 'b' },
          ],
          [{ id: 2, name: 'c' }],
        ),
      ],
      rules,
      (r) => r.id,
      (r) => r.name,
    );
    expect(byId.get(1)?.map((c) => [c.save, c.before?.name ?? null, c.after?.name ?? null])).toEqual([
      [2, 'a', null],
    ]);
    expect(byId.get(2)?.map((c) => [c.save, c.before?.name ?? null, c.after?.name ?? null])).toEqual([
      [1, null, 'b'],
      [2, 'b', 'c'],
    ]);
  });
});
