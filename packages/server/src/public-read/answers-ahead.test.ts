import { describe, expect, it } from 'vitest';
import { AnswersAhead } from './answers-ahead.ts';

/**
 * An AnswersAhead on a clock the test moves, whose kept answers are the set `kept`; it records
 * what it made, and each making takes `makingMs` of its clock.
 */
function ahead(options: { most?: number; budgetMs?: number } = {}, makingMs = 0) {
  let now = 0;
  const kept = new Set<string>();
  const made: string[] = [];
  const looked: string[] = [];
  const a = new AnswersAhead({
    kept: async (url) => {
      looked.push(url);
      return kept.has(url);
    },
    make: async (url) => {
      made.push(url);
      kept.add(url);
      now += makingMs;
    },
    now: () => now,
    hotForMs: 30_000,
    ...options,
  });
  const settled = () => turns(20);
  return { a, kept, made, looked, settled, at: (ms: number) => (now = ms) };
}
const shows = (...tripIds: number[]) => ({ date: '2026-06-17', tripIds });
/** `n` turns of the event loop: the making ahead takes one per answer. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('answers made ahead when a trip they show reports (AnswersAhead)', () => {
  it.each([
    { name: 'a trip shown by two hot answers: both made', changed: [7], made: ['/a', '/b'] },
    { name: 'a trip shown by one of them: that one', changed: [9], made: ['/b'] },
    { name: 'a trip no hot answer shows: none', changed: [4], made: [] },
    { name: 'two trips of one answer: it is made once', changed: [8, 9, 7], made: ['/a', '/b'] },
  ])('$name', async ({ changed, made }) => {
    const t = ahead();
    t.a.asked('/a', shows(7, 8));
    t.a.asked('/b', shows(7, 9));
    t.a.changed(changed);
    await t.settled();
    expect(t.made.sort()).toEqual(made);
  });

  it('one kept under its tag now is not made again', async () => {
    const t = ahead();
    t.a.asked('/a', shows(7));
    t.kept.add('/a');
    t.a.changed([7]);
    await t.settled();
    expect(t.looked).toEqual(['/a']);
    expect(t.made).toEqual([]);
  });

  it('one not asked for in the last 30 s is not made, and is forgotten', async () => {
    const t = ahead();
    t.a.asked('/a', shows(7));
    t.at(20_000);
    t.a.asked('/b', shows(7));
    t.at(40_000);
    t.a.changed([7]);
    await t.settled();
    expect(t.made).toEqual(['/b']);
    expect(t.a.size).toBe(1);
  });

  it('asked again with other trips: followed by its new trips only', async () => {
    const t = ahead();
    t.a.asked('/a', shows(7));
    t.a.asked('/a', shows(8));
    t.a.changed([7]);
    await t.settled();
    expect(t.made).toEqual([]);
    t.a.changed([8]);
    await t.settled();
    expect(t.made).toEqual(['/a']);
  });

  it('at most `most` trips over all the answers: the least recently asked leave first', async () => {
    const t = ahead({ most: 4 });
    t.a.asked('/a', shows(1, 2));
    t.a.asked('/b', shows(3, 4));
    t.a.asked('/a', shows(1, 2));
    t.a.asked('/c', shows(5, 6));
    expect(t.a.size).toBe(2);
    t.a.changed([1, 3, 5]);
    await t.settled();
    expect(t.made.sort()).toEqual(['/a', '/c']);
  });

  it('at most a tenth of each second goes to it: the rest are left to the riders’ requests', async () => {
    // Anyone may ask for many URLs of one answer; each making here takes 40 ms.
    const t = ahead({}, 40);
    for (let i = 0; i < 10; i++) t.a.asked(`/a?v=${i}`, shows(7));
    t.a.changed([7]);
    await t.settled();
    expect(t.made).toHaveLength(3);
    // The next second, the next change: three more, not the ones dropped before.
    t.at(1_000);
    t.a.changed([7]);
    await t.settled();
    expect(t.made).toHaveLength(6);
  });

  it('a making that fails leaves the rest to the riders’ requests, and the next change is looked at again', async () => {
    let fail = true;
    const made: string[] = [];
    const a = new AnswersAhead({
      kept: async () => false,
      make: async (url) => {
        if (fail) throw new Error('closed');
        made.push(url);
      },
    });
    a.asked('/a', shows(7));
    a.changed([7]);
    await turns(20);
    fail = false;
    a.changed([7]);
    await turns(20);
    expect(made).toEqual(['/a']);
  });
});
