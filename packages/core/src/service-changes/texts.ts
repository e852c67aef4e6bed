import { toCalendarDate } from '../calendar.ts';
import type { NoticeText, ServiceChange } from './types.ts';

/**
 * The words of the notice a cancel, retime or closure makes for itself (staff may reword it):
 * in Lithuanian as a public notice writes it ('Gruodžio 3–5 d. reisai nevyksta.'), and in English.
 */

const MONTHS_LT = [
  'sausio',
  'vasario',
  'kovo',
  'balandžio',
  'gegužės',
  'birželio',
  'liepos',
  'rugpjūčio',
  'rugsėjo',
  'spalio',
  'lapkričio',
  'gruodžio',
];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dayLt(date: string, withYear: boolean): string {
  const { year, month, day } = toCalendarDate(date);
  return `${withYear ? `${year} m. ` : ''}${MONTHS_LT[month - 1]} ${day} d.`;
}

function dayEn(date: string, withYear: boolean): string {
  const { year, month, day } = toCalendarDate(date);
  return `${day} ${MONTHS_EN[month - 1]}${withYear ? ` ${year}` : ''}`;
}

/**
 * A change's dates as a notice says them: 'gruodžio 3 d.', 'gruodžio 3–5 d.', 'gruodžio 28 d. –
 * sausio 3 d.', 'nuo gruodžio 3 d.', 'iki gruodžio 3 d.'; in English '3 December', '3–5 December',
 * '28 December – 3 January', 'from 3 December', 'until 3 December'. The year is said when the
 * dates are not all in `thisYear`. Both ends open: ''.
 */
export function changeDatesText(
  from: string | null,
  until: string | null,
  lang: 'lt' | 'en',
  thisYear: number,
): string {
  const years = [from, until].flatMap((d) => (d === null ? [] : [toCalendarDate(d).year]));
  const withYear = years.some((y) => y !== thisYear);
  const day = lang === 'lt' ? dayLt : dayEn;
  if (from === null && until === null) return '';
  if (from === null) return `${lang === 'lt' ? 'iki' : 'until'} ${day(until as string, withYear)}`;
  if (until === null) return `${lang === 'lt' ? 'nuo' : 'from'} ${day(from, withYear)}`;
  if (from === until) return day(from, withYear);
  const a = toCalendarDate(from);
  const b = toCalendarDate(until);
  if (a.year === b.year && a.month === b.month)
    return lang === 'lt'
      ? `${withYear ? `${a.year} m. ` : ''}${MONTHS_LT[a.month - 1]} ${a.day}–${b.day} d.`
      : `${a.day}–${b.day} ${MONTHS_EN[a.month - 1]}${withYear ? ` ${a.year}` : ''}`;
  return `${day(from, withYear)} – ${day(until, withYear)}`;
}

/** A sentence ending in a name: its full stop, unless the name ends with one ('A. Baranausko a.'). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

const capital = (text: string) => text.charAt(0).toLocaleUpperCase('lt') + text.slice(1);

/** What the words need to know of the trips and stops a change names. */
export interface ChangeFacts {
  /** The trips' first times ('HH:MM') and line names, in the order to list them. */
  trips: readonly { time: string; lineName: string }[];
  stopName: (id: number) => string;
  /** The current year (the dates' year is said when it differs). */
  thisYear: number;
}

function tripsList(facts: ChangeFacts): string {
  const times = facts.trips.map((t) => t.time).join(', ');
  const lines = [...new Set(facts.trips.map((t) => t.lineName))].join(', ');
  return lines === '' ? times : `${times} (${lines})`;
}

function minutesText(shift: number, lang: 'lt' | 'en'): string {
  const n = Math.abs(shift);
  if (lang === 'en') return `${n} min ${shift > 0 ? 'later' : 'earlier'}`;
  return `${n} min. ${shift > 0 ? 'vėliau' : 'anksčiau'}`;
}

/** The notice a change makes for itself: a title and text in Lithuanian and in English. */
export function defaultNoticeText(
  change: Pick<
    ServiceChange,
    | 'kind'
    | 'from'
    | 'until'
    | 'tripIds'
    | 'stopIds'
    | 'insteadStopId'
    | 'shiftMinutes'
    | 'stopTimes'
    | 'reason'
  >,
  facts: ChangeFacts,
): Pick<NoticeText, 'titleLt' | 'textLt' | 'titleEn' | 'textEn'> {
  const lt = changeDatesText(change.from, change.until, 'lt', facts.thisYear);
  const en = changeDatesText(change.from, change.until, 'en', facts.thisYear);
  const several = facts.trips.length > 1;
  const reasonLt = change.reason === null ? '' : ` Priežastis: ${change.reason}.`.replace(/\.\.$/, '.');
  const reasonEn = change.reason === null ? '' : ` Reason: ${change.reason}.`.replace(/\.\.$/, '.');
  const onEn = en === '' ? '' : /^(from|until) /.test(en) ? `${capital(en)}` : `On ${en}`;
  switch (change.kind) {
    case 'cancel':
      return {
        titleLt: `${several ? 'Atšaukti reisai' : 'Atšauktas reisas'} ${tripsList(facts)}`,
        textLt: `${capital(lt)} ${several ? 'šie reisai nevyksta' : 'šis reisas nevyksta'}.${reasonLt}`,
        titleEn: `${several ? 'Trips' : 'Trip'} cancelled: ${tripsList(facts)}`,
        textEn: `${onEn} ${several ? 'these trips do' : 'this trip does'} not run.${reasonEn}`,
      };
    case 'retime': {
      const shift = change.shiftMinutes ?? 0;
      const typed = change.stopTimes.length > 0;
      const howLt =
        shift !== 0
          ? `${several ? 'šie reisai važiuoja' : 'šis reisas važiuoja'} ${minutesText(shift, 'lt')}${typed ? ', kai kuriose stotelėse – kitu laiku' : ''}`
          : `${several ? 'šių reisų' : 'šio reiso'} laikai kai kuriose stotelėse pakeisti`;
      const howEn =
        shift !== 0
          ? `${several ? 'these trips run' : 'this trip runs'} ${minutesText(shift, 'en')}${typed ? ', at some stops at other times' : ''}`
          : `${several ? 'these trips have' : 'this trip has'} new times at some stops`;
      return {
        titleLt: `${several ? 'Pakeisti reisų' : 'Pakeistas reiso'} ${tripsList(facts)} laikas`,
        textLt: `${capital(lt)} ${howLt}.${reasonLt}`,
        titleEn: `Changed times: ${tripsList(facts)}`,
        textEn: `${onEn} ${howEn}.${reasonEn}`,
      };
    }
    case 'closure': {
      const stop = facts.stopName(change.stopIds[0] as number);
      const instead = change.insteadStopId === null ? null : facts.stopName(change.insteadStopId);
      return {
        titleLt: `Stotelė „${stop}“ uždaryta`,
        textLt: `${capital(lt)} autobusai stotelėje „${stop}“ nestoja.${instead === null ? '' : ` Naudokitės stotele „${instead}“.`}${reasonLt}`,
        titleEn: `Stop ${stop} closed`,
        textEn: `${onEn} buses do not call at ${sentence(stop)}${instead === null ? '' : ` Use ${instead} instead.`}${reasonEn}`,
      };
    }
    case 'notice':
      return { titleLt: '', textLt: null, titleEn: null, textEn: null };
  }
}
