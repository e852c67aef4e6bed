import { changeDatesText, isIsoDate } from '@bus/core/browser';
import { useLanguage } from './index.ts';

/**
 * The riders' words of a new timetable, in its own module (the notice and
 * the comparison page are lazy chunks, so the home's first load carries none of it).
 */
/** 'from 1 January' / 'nuo sausio 1 d.' (core's words for a notice's dates; no year). */
const fromDay = (from: string, lang: 'lt' | 'en') =>
  changeDatesText(from, null, lang, Number(from.slice(0, 4)));
/** The comparison page's heading: the words alone when the address has no change date (typed by hand). */
const heading = (title: string, from: string, lang: 'lt' | 'en') =>
  isIsoDate(from) ? `${title} ${fromDay(from, lang)}` : title;

export const datedEn = {
  newTimetable: (from: string) => `New timetable ${fromDay(from, 'en')}`,
  ofLine: (line: string) => `Line ${line}: `,
  /** The same words after ofLine. */
  newTimetableOfLine: (from: string) => `New timetable ${fromDay(from, 'en')}`,
  compareLink: 'What changes',
  heading: (from: string) => heading('New timetable', from, 'en'),
  intro: (stop: string) =>
    `Departures from ${stop}: the day before the change beside the same weekday after it.`,
  before: (date: string) => `Before: ${date}`,
  after: (date: string) => `After: ${date}`,
  marks: { same: 'same', new: 'new', removed: 'removed', moved: 'moved' },
  movedFrom: (time: string) => `was ${time}`,
  movedTo: (time: string) => `now ${time}`,
  none: 'No departures.',
  back: 'Back to the departures',
  /** The address names no stop or no change date (typed by hand): nothing to compare. */
  missing: 'Choose a stop whose departures show a new timetable, then follow its "What changes" link.',
  /** Why a schedule does not run on the page's date: its window ('valid from 7 December'). */
  outsideWindow: (from: string | null, until: string | null, thisYear: number) =>
    `valid ${changeDatesText(from, until, 'en', thisYear)}`,
};

export const datedLt: typeof datedEn = {
  newTimetable: (from: string) => `Naujas tvarkaraštis ${fromDay(from, 'lt')}`,
  ofLine: (line: string) => `${line} linija: `,
  // Po dvitaškio sakinys tęsiasi mažąja raide.
  newTimetableOfLine: (from: string) => `naujas tvarkaraštis ${fromDay(from, 'lt')}`,
  compareLink: 'Kas keičiasi',
  heading: (from: string) => heading('Naujas tvarkaraštis', from, 'lt'),
  intro: (stop: string) =>
    `Išvykimai iš stotelės „${stop}“: diena prieš pakeitimą ir ta pati savaitės diena po jo.`,
  before: (date: string) => `Iki pakeitimo: ${date}`,
  after: (date: string) => `Po pakeitimo: ${date}`,
  marks: { same: 'nepakito', new: 'naujas', removed: 'panaikintas', moved: 'pakeistas laikas' },
  movedFrom: (time: string) => `buvo ${time}`,
  movedTo: (time: string) => `dabar ${time}`,
  none: 'Išvykimų nėra.',
  back: 'Grįžti į išvykimus',
  missing:
    'Pasirinkite stotelę, kurios išvykimuose nurodytas naujas tvarkaraštis, ir spauskite nuorodą „Kas keičiasi“.',
  outsideWindow: (from: string | null, until: string | null, thisYear: number) =>
    `galioja ${changeDatesText(from, until, 'lt', thisYear)}`,
};

export function useDatedMessages() {
  return useLanguage() === 'lt' ? datedLt : datedEn;
}
