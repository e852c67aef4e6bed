import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { type BoardMessages, boardEn } from '../../../i18n/board-en.ts';
import { boardLt } from '../../../i18n/board-lt.ts';
import { addDays, SERVICE_TIME_ZONE, vilniusTime } from '../../../lib/core.ts';
import { PublicApiError, publicUrl, readTrpcResponse } from '../../../lib/public-api.ts';
import { FETCHED_AT_HEADER } from '../../../offline/sw-rules.ts';
import {
  BOARD_LANGUAGES,
  BOARD_ORIENTATIONS,
  BOARD_THEMES,
  type BoardOptions,
  type BoardProblem,
  readBoardOptions,
} from './board-options.ts';
import {
  ageMinutes,
  type BoardAnswer,
  type BoardDay,
  type BoardNotice,
  type BoardRow,
  boardNotices,
  boardRows,
  needsNextDay,
  noticeWords,
  shownLanguage,
} from './board-rows.ts';
import { BOARD_TICK_MS, useBoardClock, useReducedMotion } from './use-board-clock.ts';
import './board.css';

/** How often a board asks for its departures again (the home asks as often: issue 40). */
export const BOARD_REFRESH_MS = 15_000;

/**
 * The departure board of a station screen (issue 42), `/board?stops=1,2&…`: the next departures
 * from its stops, merged by time, with where each leaves from, its expected time when its bus
 * is followed, and cancelled and changed departures marked as on the home; the day's notices in
 * one line that scrolls (a page at a time for a screen that asks for less motion); a clock. A
 * screen nobody touches: no hover, no scroll, large type, its own language (or both by turns).
 *
 * React Query asks again every 15 s, and once the network is back; after a failure the last
 * answer stays on screen, the departures that have left drop off by the clock, and the board
 * says how old its answer is. The date asked for follows the clock, so the day turns at midnight
 * by itself. Its own QueryClient: the public pages carry no React Query but in their own chunks.
 */
export function BoardPage() {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            // The next ask comes in 15 s anyway; 'always': a board offline by the browser's
            // word still asks (the browser may be wrong), and fails, and says so.
            retry: false,
            networkMode: 'always',
            refetchOnWindowFocus: false,
            // Another day's answer no longer shown is forgotten after a minute.
            gcTime: 60_000,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <Board />
    </QueryClientProvider>
  );
}

/** An answer and when it was fetched (a copy the site's offline worker kept says when that was). */
interface Fetched {
  answer: BoardAnswer;
  at: number;
}

async function fetchBoard(stops: readonly number[], date: string, signal: AbortSignal): Promise<Fetched> {
  const response = await fetch(publicUrl('board', { stops: [...stops], date }), {
    signal,
    headers: { accept: 'application/json' },
  });
  const answer = (await readTrpcResponse(response)) as BoardAnswer;
  // A screen asks every 15 s for months: the browser's timing entry of each ask is not kept.
  performance.clearResourceTimings();
  const kept = Number(response.headers.get(FETCHED_AT_HEADER) ?? Number.NaN);
  return { answer, at: Number.isFinite(kept) && kept > 0 ? kept : Date.now() };
}

/** One day's board answer, asked again every 15 s while wanted. */
function useBoardDay(stops: readonly number[], date: string, wanted: boolean) {
  return useQuery({
    queryKey: ['board', stops.join(','), date],
    queryFn: ({ signal }) => fetchBoard(stops, date, signal),
    enabled: wanted && stops.length > 0,
    refetchInterval: wanted ? BOARD_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}

const MESSAGES = { lt: boardLt, en: boardEn } as const;

function Board() {
  const search = useSearch();
  const { options, problems } = useMemo(() => readBoardOptions(search), [search]);
  const now = useBoardClock();
  const reduced = useReducedMotion();
  const lang = shownLanguage(options.lang, now);
  const m = MESSAGES[lang];
  const clock = vilniusTime(now);

  const today = useBoardDay(options.stops, clock.date, true);
  const todayDay: BoardDay | undefined = today.data && { date: clock.date, answer: today.data.answer };
  // Today's last buses: the next day's first ones after them (its date asked for by the clock).
  const nextDate = addDays(clock.date, 1);
  const wantNext = needsNextDay(todayDay, clock, options.rows);
  const next = useBoardDay(options.stops, nextDate, wantNext);
  const days: BoardDay[] = [];
  if (todayDay) days.push(todayDay);
  if (wantNext && next.data) days.push({ date: nextDate, answer: next.data.answer });
  const rows = boardRows(days, clock, options.rows);

  const answer = today.data?.answer;
  const allProblems: BoardProblem[] = [
    ...problems,
    ...(answer?.unknownStops ?? []).map((id): BoardProblem => ({ kind: 'unknownStop', id })),
  ];
  const title = options.title || answer?.stops.map((s) => s.name).join(' · ') || m.board;
  const noStops = options.stops.length === 0 || (answer !== undefined && answer.stops.length === 0);
  const age = today.data ? ageMinutes(today.data.at, Date.now()) : null;
  const stale = today.data !== undefined && (today.isError || age !== null);
  const withStops = (answer?.stops.length ?? 0) > 1;
  const withBays =
    (answer?.stops.some((s) => s.bay !== null) ?? false) || (answer?.linePlatforms.length ?? 0) > 0;
  const holiday = answer?.departures.some((d) => d.result.holiday) ?? false;
  const notices = boardNotices(answer);

  useDocumentTitle(title, options.lang);

  const classes = [
    'board',
    `board--${options.theme}`,
    `board--${options.orientation}`,
    withStops ? 'board--stops' : '',
    withBays ? 'board--bays' : '',
  ].filter(Boolean);

  return (
    <main className={classes.join(' ')} lang={lang}>
      <header className="board__head">
        <h1>{title}</h1>
        <p className="board__label">
          {m.board}
          {holiday && <span className="board__holiday"> · {m.holiday}</span>}
        </p>
        <p className="board__clock">
          <time dateTime={`${clock.date}T${hhmm(clock.minutes)}`}>{hhmm(clock.minutes)}</time>
          <span className="board__date">{dayWords(m.locale, now)}</span>
        </p>
      </header>
      {noStops ? (
        <Setup m={m} problems={allProblems} />
      ) : (
        <>
          <div className="board__cols" aria-hidden="true">
            <span>{m.columns.time}</span>
            <span>{m.columns.line}</span>
            <span>{m.columns.destination}</span>
            {withStops && <span>{m.columns.stop}</span>}
            {withBays && <span className="board__cols-bay">{m.columns.bay}</span>}
            <span>{m.columns.expected}</span>
          </div>
          <Rows
            m={m}
            rows={rows}
            today={clock.date}
            withStops={withStops}
            withBays={withBays}
            state={today.data ? 'shown' : today.isError ? 'unreachable' : 'loading'}
            error={today.error}
          />
        </>
      )}
      {stale && (
        <p className="board__stale" role="status">
          {[today.isError ? m.offline : null, age === null ? null : m.updated(age)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {!noStops && allProblems.length > 0 && (
        <ul className="board__problems">
          {allProblems.map((p) => (
            <li key={problemKey(p)}>{problemText(m, p)}</li>
          ))}
        </ul>
      )}
      {notices.length > 0 && (
        <Ticker
          notices={notices}
          lang={options.lang}
          shown={lang}
          reduced={reduced}
          now={now}
          label={m.notices}
        />
      )}
    </main>
  );
}

function Rows({
  m,
  rows,
  today,
  withStops,
  withBays,
  state,
  error,
}: {
  m: BoardMessages;
  rows: BoardRow[];
  today: string;
  withStops: boolean;
  withBays: boolean;
  state: 'shown' | 'loading' | 'unreachable';
  error: unknown;
}) {
  if (state === 'loading') return <p className="board__message">{m.loading}</p>;
  if (state === 'unreachable')
    return (
      <p className="board__message" role="alert">
        {/* A refusal (a date outside the timetable's) says why; a lost network, that it tries again. */}
        {error instanceof PublicApiError && error.status >= 400 && error.status < 500
          ? error.message
          : m.unreachable}
      </p>
    );
  if (rows.length === 0) return <p className="board__message">{m.noDepartures}</p>;
  return (
    <ol className="board__rows">
      {rows.map((row, i) => (
        <Fragment key={row.key}>
          {row.date !== today && rows[i - 1]?.date !== row.date && (
            <li className="board__day">{m.tomorrow(weekdayWords(m.locale, row.date))}</li>
          )}
          <Row m={m} row={row} withStops={withStops} withBays={withBays} />
        </Fragment>
      ))}
    </ol>
  );
}

function Row({
  m,
  row,
  withStops,
  withBays,
}: {
  m: BoardMessages;
  row: BoardRow;
  withStops: boolean;
  withBays: boolean;
}) {
  const { item } = row;
  const off = item.cancelled === true || item.notServed === true;
  return (
    <li
      className={`board-row${off ? ' board-row--off' : ''}`}
      data-stop={row.stopId}
      data-trip={item.tripId}
      data-time={item.timeDepart}
      data-date={row.date}
    >
      <span className="board-row__time">{item.timeDepart.slice(0, 5)}</span>
      <span className="board-row__line">{item.lineName}</span>
      <span className="board-row__dest">
        {item.name}
        {item.stepFree && (
          <span className="board-row__step-free">
            <span aria-hidden="true"> ♿</span>
            <span className="sr-only"> ({m.stepFree})</span>
          </span>
        )}
      </span>
      {withStops && <span className="board-row__stop">{row.stopName}</span>}
      {withBays && <span className="board-row__bay">{row.bay ?? ''}</span>}
      <span className="board-row__status">
        <Status m={m} item={item} />
      </span>
    </li>
  );
}

/** What the Expected column says: cancelled, not served, the followed bus's time, the planned time of a changed one. */
function Status({ m, item }: { m: BoardMessages; item: BoardRow['item'] }) {
  if (item.cancelled) return <span className="board-status board-status--off">{m.cancelled}</span>;
  if (item.notServed) return <span className="board-status board-status--off">{m.notServed}</span>;
  const live = item.live && !item.live.noLiveData && item.live.delayMinutes !== null ? item.live : undefined;
  const delay = live?.delayMinutes ?? 0;
  return (
    <>
      {live &&
        (delay === 0 ? (
          <span className="board-status board-status--ok">{m.onTime}</span>
        ) : (
          <span className="board-status board-status--late">
            <span aria-hidden="true">{live.expectedTime}</span>
            <span className="sr-only">{m.expected(live.expectedTime, delay)}</span>
          </span>
        ))}
      {item.plannedTime !== undefined && (
        <s className="board-status board-status--planned">
          <span className="sr-only">{m.planned(item.plannedTime)}</span>
          <span aria-hidden="true">{item.plannedTime}</span>
        </s>
      )}
    </>
  );
}

/** The board without a stop to show: what is wrong with its address. */
function Setup({ m, problems }: { m: BoardMessages; problems: BoardProblem[] }) {
  return (
    <section className="board__setup" aria-labelledby="board-setup">
      <h2 id="board-setup">{m.problems.heading}</h2>
      <ul>
        {problems.map((p) => (
          <li key={problemKey(p)}>{problemText(m, p)}</li>
        ))}
      </ul>
    </section>
  );
}

/** How long a line of notices takes to scroll by, by its length: about the same speed for any. */
function tickerPace(characters: number): string {
  if (characters <= 60) return 's';
  if (characters <= 150) return 'm';
  if (characters <= 400) return 'l';
  if (characters <= 1000) return 'xl';
  return 'xxl';
}

/**
 * The notices of the day that concern the board's stops and lines, in one line that scrolls by
 * (a CSS animation), both languages one after the other on a bilingual board; with less motion
 * asked for, one notice at a time, the next every 10 s.
 */
function Ticker({
  notices,
  lang,
  shown,
  reduced,
  now,
  label,
}: {
  notices: BoardNotice[];
  lang: BoardOptions['lang'];
  shown: 'lt' | 'en';
  reduced: boolean;
  now: number;
  label: string;
}) {
  const languages = lang === 'both' ? (['lt', 'en'] as const) : [shown];
  const pieces = notices.flatMap((notice) => {
    const words = languages.map((l) => noticeWords(notice, l));
    // A notice with no English words is said once, in Lithuanian.
    return words.filter((w, i) => words.findIndex((x) => x.lang === w.lang) === i);
  });
  const text = (p: (typeof pieces)[number]) => (p.text ? `${p.title}: ${p.text}` : p.title);
  if (reduced) {
    const piece = pieces[Math.floor(now / BOARD_TICK_MS) % pieces.length];
    return (
      <section className="board__ticker board__ticker--paged" aria-label={label}>
        {piece && (
          <p className="ticker__page" lang={piece.lang}>
            {text(piece)}
          </p>
        )}
      </section>
    );
  }
  const all = pieces.map(text).join(' ');
  return (
    <section className="board__ticker" aria-label={label}>
      {/* Keyed by its words: new notices start from the right, the same ones scroll on. */}
      <div key={all} className={`ticker__track ticker--${tickerPace(all.length)}`}>
        {pieces.map((p, i) => (
          <span key={`${i}-${p.lang}`} className="ticker__item" lang={p.lang}>
            {text(p)}
          </span>
        ))}
      </div>
    </section>
  );
}

function problemKey(p: BoardProblem): string {
  return JSON.stringify(p);
}

const ALLOWED: Record<'lang' | 'theme' | 'orientation', readonly string[]> = {
  lang: BOARD_LANGUAGES,
  theme: BOARD_THEMES,
  orientation: BOARD_ORIENTATIONS,
};

function problemText(m: BoardMessages, p: BoardProblem): string {
  switch (p.kind) {
    case 'noStops':
      return m.problems.noStops;
    case 'badStop':
      return m.problems.badStop(p.value);
    case 'unknownStop':
      return m.problems.unknownStop(p.id);
    case 'tooManyStops':
      return m.problems.tooManyStops(p.max, p.left.join(', '));
    case 'badRows':
      return m.problems.badRows(p.value, p.used);
    case 'badOption':
      return m.problems.badOption(p.option, p.value, ALLOWED[p.option].join(', '), p.used);
    case 'titleTooLong':
      return m.problems.titleTooLong(p.max);
  }
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Formatters made once per locale (a board renders every 10 s for months). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

function formatOf(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(locale, format);
  }
  return format;
}

/** Today in words under the clock: 'Sunday 29 November', 'lapkričio 29 d., sekmadienis'. */
function dayWords(locale: string, now: number): string {
  return formatOf(dayFormats, locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: SERVICE_TIME_ZONE,
  }).format(now);
}

/** A date's weekday: 'Monday', 'pirmadienis'. */
function weekdayWords(locale: string, date: string): string {
  return formatOf(weekdayFormats, locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The document's title: the board's heading and name, in its language (both for a bilingual board). */
function useDocumentTitle(title: string, lang: BoardOptions['lang']): void {
  const name = lang === 'both' ? `${boardLt.board} / ${boardEn.board}` : MESSAGES[lang].board;
  useEffect(() => {
    document.title = title === name ? name : `${title} – ${name}`;
  }, [title, name]);
}
