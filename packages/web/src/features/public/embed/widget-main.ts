/**
 * The stop widget for other sites (issue 42): /embed/stop/{stopId}?dir=&rows=&lang= (embed.html,
 * built apart from the app: vite.config.ts stopWidget), which other sites put in an iframe. It
 * lists the stop's next departures from the home's own answer (timetable.departures, the same
 * GET the home makes), asked again every 30 s while it is shown, with the home's marks, and
 * links to the stop's departures on the site in a new tab.
 *
 * What it does not do, on purpose: no React, no service worker, no sign-in or admin code, no
 * storage and no cookies (it reads nothing a visitor chose on the site, and writes nothing on
 * their device from another site's page).
 */
import { addDays, HOME_STOP_ID, normalizeDeparturesQuery, stopLabel, vilniusNow } from '../../../lib/core.ts';
import {
  PublicApiError,
  type PublicInput,
  type PublicOutput,
  type PublicPath,
  publicUrl,
  readTrpcResponse,
} from '../../../lib/public-api.ts';
import { browserLanguage, readEmbedOptions } from './embed-options.ts';
import { nextDateToAsk, widgetDays } from './embed-rows.ts';
import { drawFrame, drawState, type WidgetView } from './widget.ts';
import '../../../styles.css';
import '../departures/changed-chip.css';
import '../live/live-mark.css';
import './widget.css';

/** How often today's departures are asked again: followed buses move (the home asks every 15 s). */
const REFRESH_MS = 30_000;

const get = <P extends PublicPath>(path: P, input: PublicInput<P>) =>
  fetch(publicUrl(path, input), { headers: { accept: 'application/json' } }).then(
    readTrpcResponse,
  ) as Promise<PublicOutput<P>>;

type Answer = PublicOutput<'departures'>;

async function start(root: HTMLElement): Promise<void> {
  const options = readEmbedOptions(location.pathname, location.search);
  const language = options?.lang ?? browserLanguage(navigator.languages ?? [navigator.language]);
  document.documentElement.lang = language;
  const { words } = await (language === 'lt'
    ? import('./widget-words-lt.ts')
    : import('./widget-words-en.ts'));
  const now = vilniusNow();
  const view: WidgetView = {
    stop: null,
    dir: options?.dir ?? 'Out bound',
    stopId: options?.stopId ?? HOME_STOP_ID,
    homeStopId: HOME_STOP_ID,
    today: now.date,
    tomorrow: addDays(now.date, 1),
    state: options === null ? { kind: 'noStop' } : { kind: 'loading' },
  };
  const parts = drawFrame(root, view, words);
  const draw = () => drawState(parts, view, words);
  draw();
  if (options === null) return;
  const { stopId, dir, rows } = options;

  void get('stopPair', { fromId: stopId, toId: null }).then(
    (pair) => {
      // An unknown stop is answered with the home station: the departures say it is unknown.
      if (pair.from?.id !== stopId) return;
      view.stop = stopLabel(pair.from);
      document.title = words.widget.title(view.stop);
      draw();
    },
    () => undefined,
  );

  /** The answers of the days after today, asked once a day (only today's carry live buses). */
  let later = new Map<string, Answer>();
  const ask = (date: string, today: string) =>
    get('departures', normalizeDeparturesQuery({ from: stopId, to: null, dir, date }, today));

  let running = false;
  const refresh = async () => {
    if (running) return;
    running = true;
    try {
      const now = vilniusNow();
      if (now.date !== view.today) later = new Map();
      view.today = now.date;
      view.tomorrow = addDays(now.date, 1);
      const have: { date: string; items: Answer['items'] }[] = [];
      let holiday = false;
      for (let date = nextDateToAsk(have, now, rows); date !== null; date = nextDateToAsk(have, now, rows)) {
        let answer = date === now.date ? undefined : later.get(date);
        if (answer === undefined) {
          answer = await ask(date, now.date);
          if (date !== now.date) later.set(date, answer);
        }
        if (date === now.date) holiday = answer.holiday;
        have.push({ date, items: answer.items });
      }
      view.state = {
        kind: 'ready',
        days: widgetDays(have, now, rows),
        holiday,
        all: new Map(have.map((day) => [day.date, day.items])),
      };
    } catch (error) {
      const shown = view.state;
      view.state =
        error instanceof PublicApiError && error.status === 404
          ? { kind: 'noStop' }
          : {
              kind: 'failed',
              days: shown.kind === 'ready' || shown.kind === 'failed' ? shown.days : null,
              holiday: shown.kind === 'ready' || shown.kind === 'failed' ? shown.holiday : false,
            };
    } finally {
      running = false;
    }
    draw();
  };

  await refresh();
  // Asked again while shown, and at once when shown again (a tab brought back, a phone woken).
  setInterval(() => {
    if (!document.hidden) void refresh();
  }, REFRESH_MS);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) void refresh();
  });
}

const root = document.getElementById('widget');
if (root) void start(root);
