/**
 * The stop widget's page drawn with the DOM (no React: the widget is a page of its own that
 * other sites frame, and its whole weight is a few kilobytes). It draws the home's chips with
 * the home's classes and words: the time (a changed one with the planned time struck through),
 * the line, where it goes, the loop and step-free marks, a cancelled or not-served mark
 * (departure-marks.ts changeMark) and a followed bus's marks (liveMarkView), as the home's
 * Chip, ChangedChip and LiveMark draw them. Text is only ever set as text.
 */
import type { Direction } from '@bus/core';
import { type Departure, otherPasses } from '../departures/countdown.ts';
import { changeMark, liveMarkView } from '../departures/departure-marks.ts';
import { chipClass, chipTime } from '../departures/hour-grid.ts';
import { stopPagePath } from './embed-options.ts';
import type { WidgetDay } from './embed-rows.ts';
import type { WidgetWords } from './widget-words-en.ts';

type Child = Node | string | null | false | undefined;

/** An element with classes and children (strings become text nodes). */
function el(tag: string, className: string | null, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Text only a screen reader reads. */
const srOnly = (text: string) => el('span', 'sr-only', text);

/** Text a screen reader skips (it reads an sr-only text instead). */
function unread(text: string): HTMLElement {
  const element = el('span', null, text);
  element.setAttribute('aria-hidden', 'true');
  return element;
}

/** The direction as the home's direction switch names it (from the home station, City bound is the city bus). */
export function directionWords(
  words: WidgetWords,
  dir: Direction,
  stopId: number,
  homeStopId: number,
): string {
  if (dir === 'Out bound') return words.home.header.outBound;
  return stopId === homeStopId ? words.home.header.cityBoundFromHome : words.home.header.cityBoundElsewhere;
}

/** A followed bus's marks (the home's LiveMark). */
function liveMark(item: Departure, words: WidgetWords): HTMLElement | null {
  if (!item.live) return null;
  const view = liveMarkView(item.live, words.live);
  if (view.kind !== 'followed') return el('span', `live-mark live-mark--${view.kind}`, view.text);
  return el(
    'span',
    'live-mark',
    el(
      'span',
      null,
      srOnly(`${view.expected} `),
      el('b', 'live-mark__time', view.time),
      ' ',
      el('span', view.late ? 'live-mark__late' : 'live-mark__on-time', view.delay),
    ),
    ' ',
    el('small', 'live-mark__age', view.age),
  );
}

/**
 * One departure: the home's chip (not a link: the widget has one, to the full timetable) and its
 * marks; where it goes on one line.
 */
function departure(item: Departure, loop: string | undefined, words: WidgetWords): HTMLElement {
  const mark = changeMark(item, words.changes);
  const planned =
    item.plannedTime !== undefined &&
    el('s', 'chip__planned', srOnly(words.changes.planned(item.plannedTime)), unread(item.plannedTime));
  const chip = el(
    'span',
    chipClass(item) + (mark === null ? '' : ' chip--off'),
    el('span', 'chip__time', chipTime(item.timeDepart)),
    planned,
    ' ',
    el('small', null, item.lineName),
    ' ',
    // One line, cut with an ellipsis when the frame is narrow: the frame's height stays what the code says.
    el('span', 'widget__to', item.name),
    loop && unread(' ↻'),
    loop && srOnly(` (${words.home.now.loop(loop)})`),
    item.stepFree && el('span', 'chip__step-free', unread(' ♿')),
    item.stepFree && srOnly(` (${words.home.timetable.stepFree})`),
  );
  chip.title = loop ? `${item.lineName}: ${words.home.now.loop(loop)}` : item.lineName;
  return el('li', null, chip, mark !== null && el('span', 'chip-mark', mark), liveMark(item, words));
}

/** A day after today, as its heading says it: 'Tomorrow', 'Tuesday 1 December', 'Antradienis, gruodžio 1 d.'. */
export function dayHeading(date: string, tomorrow: string, words: WidgetWords): string {
  if (date === tomorrow) return words.widget.tomorrow;
  const text = new Date(`${date}T12:00:00Z`).toLocaleDateString(words.home.app.locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return `${text.charAt(0).toLocaleUpperCase(words.home.app.locale)}${text.slice(1)}`;
}

export interface WidgetView {
  /** The stop as the site labels it; null until known. */
  stop: string | null;
  dir: Direction;
  stopId: number;
  homeStopId: number;
  today: string;
  tomorrow: string;
  state:
    | { kind: 'loading' }
    | { kind: 'noStop' }
    | { kind: 'failed'; days: WidgetDay[] | null; holiday: boolean }
    | { kind: 'ready'; days: WidgetDay[]; holiday: boolean; all: Map<string, Departure[]> };
}

/** The parts drawn once; the list is drawn again on each refresh, the link at the foot stays (and its focus). */
export interface WidgetParts {
  heading: HTMLElement;
  sub: HTMLElement;
  body: HTMLElement;
}

/** Draws the page's frame into `root`: heading, the list's place, the link to the full timetable. */
export function drawFrame(root: HTMLElement, view: WidgetView, words: WidgetWords): WidgetParts {
  const heading = el('h1', 'widget__stop', view.stop ?? '');
  const sub = el('p', 'widget__sub');
  const body = el('div', 'widget__body');
  const link = el(
    'a',
    'widget__full',
    words.widget.fullTimetable,
    srOnly(` ${words.widget.newTab}`),
  ) as HTMLAnchorElement;
  link.href = stopPagePath(view.stopId, view.dir);
  link.target = '_blank';
  link.rel = 'noopener';
  root.replaceChildren(
    el('header', 'widget__head', heading, sub),
    body,
    el('footer', 'widget__foot', link, el('span', 'widget__site', words.home.app.title)),
  );
  return { heading, sub, body };
}

/** Draws the state into the parts: the stop's name, the direction, the departures or what is wrong. */
export function drawState(parts: WidgetParts, view: WidgetView, words: WidgetWords): void {
  parts.heading.textContent = view.stop ?? '';
  parts.sub.textContent = `${words.widget.next} · ${directionWords(words, view.dir, view.stopId, view.homeStopId)}`;
  const { state } = view;
  if (state.kind === 'loading') {
    parts.body.replaceChildren(el('p', 'widget__note', words.widget.loading));
    return;
  }
  if (state.kind === 'noStop') {
    parts.body.replaceChildren(el('p', 'widget__note', words.widget.noStop));
    return;
  }
  const days = state.days ?? [];
  const all = state.kind === 'ready' ? state.all : new Map<string, Departure[]>();
  const out: Child[] = [
    state.kind === 'failed' && el('p', 'widget__note widget__note--failed', words.widget.failed),
    state.holiday && el('p', 'notice widget__holiday', words.home.now.holiday),
  ];
  for (const day of days) {
    const loops = otherPasses(all.get(day.date) ?? day.items);
    if (day.date !== view.today)
      out.push(el('h2', 'widget__day', dayHeading(day.date, view.tomorrow, words)));
    out.push(
      el('ul', 'chips widget__list', ...day.items.map((item) => departure(item, loops.get(item), words))),
    );
  }
  if (state.kind === 'ready' && days.length === 0) out.push(el('p', 'widget__note', words.widget.none));
  parts.body.replaceChildren(...out.filter((child): child is Node => child instanceof Node));
}
