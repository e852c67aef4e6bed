/**
 * What the departure board lists (issue 42), pure: the departures answers of its stops (the
 * server's `timetable.board`, one departures answer per stop and direction, as the home gets
 * them) merged into one list by time, without the ones that have left by the home's own rule
 * (hasLeft: a followed bus until it has left the stop, however late; else until its minute has
 * passed), at most `rows` of them; and how old the shown answer is.
 */
import { departureBay } from '../../../lib/core.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { type Departure, hasLeft } from '../departures/countdown.ts';

export type BoardAnswer = PublicOutput<'board'>;
export type BoardNotice = NonNullable<BoardAnswer['departures'][number]['result']['notices']>[number];

/** One departure on the board. */
export interface BoardRow {
  /** Stable across refreshes: the date, stop, trip and time (a trip passing twice has two). */
  key: string;
  /** The service date it belongs to ('YYYY-MM-DD'): today's, or the next day's after them. */
  date: string;
  stopId: number;
  stopName: string;
  /** Where it leaves from (core's departureBay), null: not said. */
  bay: string | null;
  item: Departure;
}

/** A day's answer and the date it is of. */
export interface BoardDay {
  date: string;
  answer: BoardAnswer;
}

const collator = new Intl.Collator('lt');

/**
 * The departures of `days` (today's first, then the next day's) that have not left at `now`,
 * each once (a 'One way' trip is in both directions' answers), ordered by day and time, then
 * line, then the order the stops were asked in, then trip; the first `rows` of them.
 */
export function boardRows(
  days: readonly BoardDay[],
  now: { date: string; minutes: number },
  rows: number,
): BoardRow[] {
  const out: BoardRow[] = [];
  for (const { date, answer } of days) {
    const order = new Map(answer.stops.map((s, i) => [s.id, i]));
    const names = new Map(answer.stops.map((s) => [s.id, s]));
    const platforms = new Map(answer.linePlatforms.map((p) => [p.lineId, p.platform]));
    const seen = new Set<string>();
    const day: BoardRow[] = [];
    for (const { stopId, result } of answer.departures)
      for (const item of result.items) {
        const key = `${date}|${stopId}|${item.tripId}|${item.timeDepart}`;
        if (seen.has(key) || hasLeft(item, date, now)) continue;
        seen.add(key);
        const stop = names.get(stopId);
        day.push({
          key,
          date,
          stopId,
          stopName: stop?.name ?? '',
          bay: departureBay(stopId, stop?.bay, platforms.get(item.lineId)),
          item,
        });
      }
    day.sort(
      (a, b) =>
        a.item.timeDepart.localeCompare(b.item.timeDepart) ||
        collator.compare(a.item.lineName, b.item.lineName) ||
        (order.get(a.stopId) ?? 0) - (order.get(b.stopId) ?? 0) ||
        a.item.tripId - b.item.tripId,
    );
    for (const row of day) {
      if (out.length >= rows) return out;
      out.push(row);
    }
  }
  return out;
}

/** Whether the board should also ask for the next day: today leaves fewer than `rows` departures to show. */
export function needsNextDay(
  today: BoardDay | undefined,
  now: { date: string; minutes: number },
  rows: number,
): boolean {
  return today !== undefined && boardRows([today], now, rows).length < rows;
}

/**
 * The notices of the day's answers (each once, whichever stop and direction brought it), in the
 * order of their ids (the oldest first).
 */
export function boardNotices(answer: BoardAnswer | undefined): BoardNotice[] {
  if (answer === undefined) return [];
  const byId = new Map<number, BoardNotice>();
  for (const d of answer.departures) for (const notice of d.result.notices ?? []) byId.set(notice.id, notice);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A notice's words in a language: its English ones when it has them, else its Lithuanian ones. */
export function noticeWords(
  notice: BoardNotice,
  lang: 'lt' | 'en',
): { lang: 'lt' | 'en'; title: string; text: string | null } {
  if (lang === 'en' && notice.titleEn)
    return { lang: 'en', title: notice.titleEn, text: notice.textEn ?? null };
  return { lang: 'lt', title: notice.titleLt, text: notice.textLt ?? null };
}

/**
 * How old the shown answer is, in whole minutes, once it is a minute old or more (a board asks
 * every 15 s, so an answer that old means the last asks failed); null while it is fresh.
 */
export function ageMinutes(fetchedAt: number, now: number): number | null {
  const age = now - fetchedAt;
  return age >= 60_000 ? Math.floor(age / 60_000) : null;
}

/** Which language a board shows at `now`: its own, or, for 'both', Lithuanian and English by turns every 10 s. */
export function shownLanguage(lang: 'lt' | 'en' | 'both', now: number): 'lt' | 'en' {
  if (lang !== 'both') return lang;
  return Math.floor(now / LANGUAGE_TURN_MS) % 2 === 0 ? 'lt' : 'en';
}

/** How long each language stays on a bilingual board. */
export const LANGUAGE_TURN_MS = 10_000;
