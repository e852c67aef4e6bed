/**
 * The timetable grid's time cells: what staff type or paste is read as a time of day, shown
 * as HH:MM. Accepted: `6:15`, `06:15`, `6.15`, `6,15`, `6h15`, `615`, `0615`, an hour alone
 * (`6` = 06:00), and a spreadsheet's `6:15:00` (seconds must be 00: nothing is rounded away).
 * Anything else is refused, never read as an empty time. An empty cell clears the time.
 */

export type CellTime =
  | { kind: 'time'; value: string }
  | { kind: 'empty' }
  | { kind: 'invalid'; text: string };

const SEPARATED = /^(\d{1,2})[:.,hH](\d{2})(?::00)?$/;
const DIGITS = /^\d{1,4}$/;

function make(hours: number, minutes: number, text: string): CellTime {
  if (hours > 23 || minutes > 59) return { kind: 'invalid', text };
  return {
    kind: 'time',
    value: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`,
  };
}

export function parseCellTime(raw: string): CellTime {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  const separated = SEPARATED.exec(text);
  if (separated) return make(Number(separated[1]), Number(separated[2]), text);
  if (DIGITS.test(text)) {
    // 1-2 digits: an hour; 3-4 digits: the last two are the minutes (615, 0615, 1815).
    if (text.length <= 2) return make(Number(text), 0, text);
    return make(Number(text.slice(0, -2)), Number(text.slice(-2)), text);
  }
  return { kind: 'invalid', text };
}

/** Minutes after midnight of a stored 'HH:MM' ('' = none). */
export function minutesOf(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatMinutes(total: number): string {
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(total);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The offsets the copy-and-shift tools offer (minutes), so the usual ones are picked, not
 * typed: every minute to 15, every 5 to 2 hours, every 15 to 6 hours, every 30 to 12 hours.
 */
export const OFFSET_CHOICES: readonly number[] = (() => {
  const out: number[] = [];
  for (let m = 1; m <= 15; m++) out.push(m);
  for (let m = 20; m <= 120; m += 5) out.push(m);
  for (let m = 135; m <= 360; m += 15) out.push(m);
  for (let m = 390; m <= 720; m += 30) out.push(m);
  return out;
})();
