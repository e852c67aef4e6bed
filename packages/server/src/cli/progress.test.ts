import { describe, expect, it } from 'vitest';
import { duration, Progress } from './progress.ts';

/** A clock the test moves, and a stream that keeps what was written. */
function setup(options: { tty?: boolean; quiet?: boolean } = {}) {
  let at = 0;
  let written = '';
  const progress = new Progress({
    stream: { write: (text: string) => (written += text), isTTY: options.tty, columns: 100 },
    now: () => at,
    quiet: options.quiet,
  });
  return {
    progress,
    advance: (ms: number) => {
      at += ms;
    },
    written: () => written,
  };
}

describe('Progress off a terminal (a log or a pipe)', () => {
  it('prints nothing in the first second, then one line a second at most', () => {
    const { progress, advance, written } = setup();
    progress.phase('importing big.json', 1000 * 1_048_576, 'bytes');
    for (let i = 1; i <= 4; i++) {
      advance(400);
      progress.update(i * 100 * 1_048_576);
    }
    // At 0.4, 0.8, 1.2 and 1.6 s: one line, at 1.2 s.
    expect(written()).toBe('importing big.json: 30% 300.0 MB of 1000.0 MB, about 3 s left\n');
  });

  it('names a new phase at once after the first second (a long statement updates nothing)', () => {
    const { progress, advance, written } = setup();
    progress.phase('reading');
    progress.phase('checking the references in the database');
    expect(written()).toBe('');
    advance(1500);
    progress.phase('building the departures index');
    advance(200);
    progress.phase('committing');
    advance(5000);
    progress.update(1);
    expect(written().split('\n')).toEqual([
      'building the departures index',
      'committing',
      'committing: 1, 5 s so far',
      '',
    ]);
  });

  it('prints nothing with quiet', () => {
    const { progress, advance, written } = setup({ quiet: true });
    progress.phase('importing', 10);
    advance(5000);
    progress.update(5);
    progress.phase('committing');
    progress.end();
    expect(written()).toBe('');
  });
});

describe('Progress on a terminal', () => {
  it('draws one line in place with a bar, at most ten times a second, and clears it at the end', () => {
    const { progress, advance, written } = setup({ tty: true });
    progress.phase('writing out.json', 200, 'schedules');
    advance(50);
    progress.update(10); // too soon after the last drawing
    advance(1950);
    progress.update(50);
    progress.end();
    expect(written()).toBe(
      '\rwriting out.json [------------------------] 0% 0 of 200 schedules\u001b[K' +
        '\rwriting out.json [######------------------] 25% 50 of 200 schedules, about 6 s left\u001b[K' +
        '\r\u001b[K',
    );
  });
});

describe('duration', () => {
  it('says seconds, then minutes and seconds', () => {
    expect(duration(400)).toBe('0 s');
    expect(duration(59_400)).toBe('59 s');
    expect(duration(185_000)).toBe('3 min 5 s');
  });
});
