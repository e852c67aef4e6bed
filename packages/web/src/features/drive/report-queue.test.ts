import { describe, expect, it } from 'vitest';
import { type Fix, REPORT_MAX_AGE_MS, ReportQueue, signalLost } from './report-queue.ts';

/** A position `north` metres north of a point near Anykščiai, arrived at second `second`. */
const fix = (second: number, north = 0): Fix => ({
  lat: 55.5 + north / 111_195,
  lon: 25.1,
  accuracy: 8,
  heading: null,
  at: second * 1000,
});
const s = (second: number) => second * 1000;

/** Feeds positions and clock ticks to a queue whose every send the server takes at once. */
function drive(events: ({ fix: Fix } | { tick: number })[]): number[] {
  const queue = new ReportQueue();
  const sentAt: number[] = [];
  for (const event of events) {
    const now = 'fix' in event ? event.fix.at : event.tick;
    const due = 'fix' in event ? queue.add(event.fix, now) : queue.next(now);
    if (due) {
      sentAt.push(due.at / 1000);
      queue.sent(due, now);
    }
  }
  return sentAt;
}

describe('the drivers’ page sends positions every 5-10 s, or at once after 50 m', () => {
  it('a bus standing still, a position every second: the first at once, then one each 5 s', () => {
    const events = Array.from({ length: 21 }, (_, i) => ({ fix: fix(i) }));
    expect(drive(events)).toEqual([0, 5, 10, 15, 20]);
  });

  it('positions every 3 s: each sent with the first that comes 5 s after the last send (6 s apart)', () => {
    const events = Array.from({ length: 8 }, (_, i) => ({ fix: fix(i * 3, i * 10) }));
    expect(drive(events)).toEqual([0, 6, 12, 18]);
  });

  it('a position 50 m from the last one sent goes at once, one under 50 m waits', () => {
    expect(drive([{ fix: fix(0) }, { fix: fix(2, 49) }, { fix: fix(3, 60) }, { fix: fix(4, 120) }])).toEqual([
      0, 3, 4,
    ]);
  });

  it('never two less than a second apart, however far the bus moved', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.sent(first, s(0));
    expect(queue.add({ ...fix(0, 200), at: 500 }, 500)).toBeNull();
    // The waiting position goes once a newer one is a second after the last send.
    expect(queue.add({ ...fix(0, 260), at: 1200 }, 1200)?.at).toBe(1200);
  });

  it('one less than a second after the last, with nothing newer: it goes a second after the last, not held', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.sent(first, s(0));
    const close = { ...fix(0, 200), at: 400 };
    expect(queue.add(close, 400)).toBeNull();
    expect(queue.next(900)).toBeNull();
    // The phone says nothing newer: at the clock's second it goes, stamped with that second.
    expect(queue.next(1100)).toEqual({ ...close, at: 1000 });
  });

  it('one at a time: nothing more goes while a send is on its way', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    expect(queue.add(fix(2, 100), s(2))).toBeNull();
    queue.sent(first, s(2));
    expect(queue.next(s(2))?.at).toBe(s(2));
  });

  it('a waiting position is sent by the clock once 5 s have passed, with no new position', () => {
    const events = [{ fix: fix(0) }, { fix: fix(1, 10) }, { tick: s(3) }, { tick: s(5) }, { tick: s(9) }];
    expect(drive(events)).toEqual([0, 1]);
  });
});

describe('offline: only the newest position is kept, and sent when the connection is back', () => {
  it('keeps the newest of the positions that came while offline and sends it on reconnection', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.sent(first, s(0));
    const lost = queue.add(fix(6, 100), s(6)) as Fix;
    queue.offline(lost, s(6));
    expect(queue.isOffline).toBe(true);
    // Newer positions replace it; none goes while the connection is away.
    for (const second of [7, 8, 9]) expect(queue.add(fix(second, 100 + second * 10), s(second))).toBeNull();
    expect(queue.waiting?.at).toBe(s(9));
    queue.online();
    expect(queue.next(s(12))?.at).toBe(s(9));
  });

  it('a failed position is kept when nothing newer came, and tried again after 10 s', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.offline(first, s(0));
    expect(queue.next(s(5))).toBeNull();
    expect(queue.next(s(10))?.at).toBe(s(0));
  });

  it('a failed send does not put back an older position over a newer one', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.add(fix(1, 10), s(1));
    queue.offline(first, s(1));
    expect(queue.waiting?.at).toBe(s(1));
  });

  it('a position too old for the server to take is dropped, not sent', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.offline(first, s(0));
    queue.online();
    expect(queue.next(REPORT_MAX_AGE_MS + 1)).toBeNull();
    expect(queue.waiting).toBeNull();
  });

  it('a refused position counts as sent: it is not sent again', () => {
    const queue = new ReportQueue();
    const first = queue.add(fix(0), s(0)) as Fix;
    queue.sent(first, s(0));
    expect(queue.next(s(20))).toBeNull();
  });
});

describe('the signal is lost after 30 s without a position', () => {
  it.each([
    [null, 0, 29, false],
    [null, 0, 30, true],
    [s(10), 0, 39, false],
    [s(10), 0, 40, true],
    // A position from before the trip started: counted from the start.
    [s(0), s(20), 49, false],
  ])('last position %s, driving since %s, at second %s: lost %s', (last, since, second, lost) => {
    expect(signalLost(last, since, s(second))).toBe(lost);
  });
});
