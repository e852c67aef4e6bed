import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminEn } from './admin-en.ts';
import { adminLt } from './admin-lt.ts';
import { boardEn } from './board-en.ts';
import { boardLt } from './board-lt.ts';
import { changesEn } from './changes-en.ts';
import { changesLt } from './changes-lt.ts';
import { driveEn } from './drive-en.ts';
import { driveLt } from './drive-lt.ts';
import { embedEn } from './embed-en.ts';
import { embedLt } from './embed-lt.ts';
import { en as enHome } from './en.ts';
import { enPages } from './en-pages.ts';
import { liveEn } from './live-en.ts';
import { liveLt } from './live-lt.ts';
import { lt as ltHome } from './lt.ts';
import { ltPages } from './lt-pages.ts';
// The maps' own catalogue.
import { mapEn } from './map-en.ts';
import { mapLt } from './map-lt.ts';
import { nextBusesEn } from './next-buses-en.ts';
import { nextBusesLt } from './next-buses-lt.ts';
import { offlineEn } from './offline-en.ts';
import { offlineLt } from './offline-lt.ts';

/** Each language's public texts whole: the home's and the other pages' (loaded later). */
const en = { ...enHome, ...enPages };
const lt = { ...ltHome, ...ltPages };

/**
 * The message catalogues (issue 13): one per language with the same keys, every key used, and
 * Lithuanian that is really Lithuanian.
 */

type Shape = Map<string, string>;

/**
 * Every path of a catalogue with what is there: 'object', 'string', 'array of 7' (each entry a
 * path of its own, 'trip.weekdayLetters.0'), 'function of 2 parameters'.
 */
function shapeOf(value: unknown, path = '', shape: Shape = new Map()): Shape {
  if (typeof value === 'function') shape.set(path, `function of ${value.length} parameters`);
  else if (Array.isArray(value)) {
    shape.set(path, `array of ${value.length}`);
    for (const [i, entry] of value.entries()) shapeOf(entry, `${path}.${i}`, shape);
  } else if (typeof value === 'object' && value !== null) {
    if (path !== '') shape.set(path, 'object');
    for (const [key, entry] of Object.entries(value))
      shapeOf(entry, path === '' ? key : `${path}.${key}`, shape);
  } else shape.set(path, typeof value);
  return shape;
}

/** The leaves (strings and functions; arrays count as one leaf) with their paths. */
function leavesOf(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, entry]) =>
      leavesOf(entry, path === '' ? key : `${path}.${key}`),
    );
  return [[path, value]];
}

const valueAt = (catalogue: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], catalogue);

const pairs = [
  ['en / lt (public)', en, lt],
  ['adminEn / adminLt (admin)', adminEn, adminLt],
  ['offlineEn / offlineLt (offline banner)', offlineEn, offlineLt],
  ['nextBusesEn / nextBusesLt (next buses now)', nextBusesEn, nextBusesLt],
  ['changesEn / changesLt (service changes)', changesEn, changesLt],
  ['mapEn / mapLt (maps)', mapEn, mapLt],
  ['liveEn / liveLt (live buses)', liveEn, liveLt],
  ['driveEn / driveLt (drivers’ page)', driveEn, driveLt],
  ['embedEn / embedLt (stop widget, Put on your site)', embedEn, embedLt],
  ['boardEn / boardLt (departure board)', boardEn, boardLt],
] as const;

describe('the same keys in both languages', () => {
  it.each(pairs)('%s: every path, array length and function arity alike', (_, english, lithuanian) => {
    const inEn = shapeOf(english);
    const inLt = shapeOf(lithuanian);
    expect(Object.fromEntries(inLt)).toEqual(Object.fromEntries(inEn));
    // Key order too, so the two files read side by side.
    expect([...inLt.keys()]).toEqual([...inEn.keys()]);
  });

  it('the check itself sees a missing key, a wrong array length and a wrong arity', () => {
    const base = { a: { b: 'x', c: ['1', '2'], d: (n: number) => `${n}` } };
    expect(shapeOf({ a: { b: 'x', c: ['1', '2'] } })).not.toEqual(shapeOf(base));
    expect(shapeOf({ a: { b: 'x', c: ['1'], d: (n: number) => `${n}` } })).not.toEqual(shapeOf(base));
    expect(shapeOf({ a: { b: 'x', c: ['1', '2'], d: () => '' } })).not.toEqual(shapeOf(base));
    expect(shapeOf({ a: { b: { e: 'x' }, c: ['1', '2'], d: (n: number) => `${n}` } })).not.toEqual(
      shapeOf(base),
    );
    expect(shapeOf({ a: { b: 'y', c: ['3', '4'], d: (k: number) => `${k}!` } })).toEqual(shapeOf(base));
  });

  it('the weekday strip has seven letters and seven names in both languages', () => {
    for (const trip of [en.trip, lt.trip]) {
      expect(trip.weekdayLetters).toHaveLength(7);
      expect(trip.weekdayNames).toHaveLength(7);
    }
    expect(lt.trip.weekdayLetters.join(' ')).toBe('P A T K P Š S');
  });
});

/** The web app's source that shows texts: not the catalogues themselves, not tests. */
const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const sources = sourceFiles(SRC).map((path) => readFileSync(path, 'utf8'));
/** Code that reads the public catalogue (useMessages or the Messages type) or the admin one. */
const publicCode = sources.filter((text) => /\buseMessages\b|\bMessages\b/.test(text)).join('\n');
const adminCode = sources.filter((text) => /\buseAdminMessages\b|\bAdminMessages\b/.test(text)).join('\n');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `code` reads the leaf at `path` ('header.clear', 'history.kinds.line'): it writes
 * 'header.clear' (m.header.clear, useMessages().header.clear), destructures the key from its
 * section (`const { locale } = messages.app`), or reads its parent by a computed key
 * (m.history.kinds[kind], m.trip.weekdayLetters[i]); a deeper leaf may be written by its last
 * two segments ('kinds.line').
 */
function isRead(code: string, path: string): boolean {
  const segments = path.split('.');
  const key = segments.at(-1) as string;
  const parent = segments.slice(0, -1);
  const written = (dotted: string) => new RegExp(`(^|[^\\w$])${escapeRegExp(dotted)}(?![\\w$])`).test(code);
  if (written(path) || (segments.length > 2 && written(segments.slice(-2).join('.')))) return true;
  // Destructured: `{ locale } = useMessages().app`, `{ clear, noStops } = m.header`.
  const section = parent.at(-1);
  if (
    section !== undefined &&
    new RegExp(
      `\\{[^}]*(^|[^\\w$])${escapeRegExp(key)}(?![\\w$])[^}]*\\}\\s*=\\s*[\\w$.()]*\\.${escapeRegExp(section)}(?![\\w$])`,
    ).test(code)
  )
    return true;
  // The parent read by a computed key: every child may be the one read.
  return parent.length > 1 && new RegExp(`${escapeRegExp(parent.slice(-2).join('.'))}\\[`).test(code);
}

/** Subtrees read by the key the server sends, not written in code (lib/error-text.ts). */
const READ_BY_KEY = ['serverMessages.'];

describe('no unused key', () => {
  it('the check itself tells a read key from an unread one', () => {
    const code = [
      'const m = useMessages(); m.header.clear; useMessages().app.title;',
      'const { locale } = useMessages().app; const { noStops, today } = m.header;',
      'm.history.kinds[kind]; m.trip.weekdayLetters[i];',
    ].join('\n');
    for (const path of [
      'header.clear',
      'app.title',
      'app.locale',
      'header.noStops',
      'header.today',
      'history.kinds.line',
      'trip.weekdayLetters',
    ])
      expect(isRead(code, path), path).toBe(true);
    for (const path of [
      'header.clearAll',
      'app.titles',
      'header.date',
      'history.kind',
      'app.clear',
      'trip.weekdayNames',
    ])
      expect(isRead(code, path), path).toBe(false);
  });

  it.each([
    ['en.ts', en, publicCode],
    ['admin-en.ts', adminEn, adminCode],
  ] as const)('every key of %s is read somewhere in the app', (_, catalogue, code) => {
    const unused = leavesOf(catalogue)
      .map(([path]) => path)
      .filter((path) => !READ_BY_KEY.some((prefix) => path.startsWith(prefix)))
      .filter((path) => !isRead(code, path));
    expect(unused).toEqual([]);
  });
});

/**
 * Lithuanian texts that are rightly the same as the English ones, each with its reason. Any
 * other Lithuanian text equal to its English one (a text with parameters: the same words around
 * the same arguments) is an untranslated text.
 */
const SAME_IN_BOTH_PUBLIC: Record<string, string> = {
  'nav.languageNames.lt': 'each language is named in its own language on the switch',
  'nav.languageNames.en': 'each language is named in its own language on the switch',
  'nav.languageCodes.lt': 'language codes (LT / EN) are not translated',
  'nav.languageCodes.en': 'language codes (LT / EN) are not translated',
  'line.wholeYear': "a dash: the whole-year rule's name is not shown",
  'line.ends': "'{from} → {to}': two stop names and an arrow",
  'common.none': 'a dash: an empty field',
  'lineDay.period': "'{from} – {to}': two days of the year and a dash",
  'plan.departArrive': "'{depart} – {arrive}': two times and a dash",
  'fareTable.notSet': 'a dash: a cell of the fare table with no fare (the legend says so in words)',
  'plan.concessionFare': "'{name}: {euros}': a concession's own name and a price",
};
const SAME_IN_BOTH_ADMIN: Record<string, string> = {
  'common.none': 'a dash: an empty field',
  'lineDetail.ends': "'{from} – {to}': two stop names and a dash",
  'dates.monthDay': "'MM-DD': the date pattern typed (digits in both languages)",
  'schedules.timePlaceholder': "'HH:MM': the time pattern typed (24-hour in both languages)",
  'schedules.wholeYear': "a dash: the whole-year rule's name is not shown",
  'history.missing': "'—': a value that was not there",
  'live.trip': "'{departure} → {to}': a time, an arrow and a stop name",
  'live.planned': "'{from}–{to}': two times and a dash",
  'live.hour': "'HH:00–HH:59': an hour of the day (24-hour in both languages)",
  'fares.through.journey': "'{from} – {to}': two stop names and a dash",
};

/**
 * What a text with parameters shows for several made-up arguments: words ('Xyz0', 'Xyz1'...),
 * empty words, counts 1 and 2 (a call that fails shows undefined).
 */
function shownBy(text: unknown): unknown[] {
  const samples = [(i: number) => `Xyz${i}`, () => '', () => 1, () => 2];
  return samples.map((sample) => {
    try {
      const args = Array.from({ length: (text as () => unknown).length }, (_, i) => sample(i));
      return (text as (...args: unknown[]) => unknown)(...args);
    } catch {
      return undefined;
    }
  });
}

const checked = [
  ['en / lt (public)', en, lt, SAME_IN_BOTH_PUBLIC],
  ['adminEn / adminLt (admin)', adminEn, adminLt, SAME_IN_BOTH_ADMIN],
  ['offlineEn / offlineLt (offline banner)', offlineEn, offlineLt, {}],
  ['nextBusesEn / nextBusesLt (next buses now)', nextBusesEn, nextBusesLt, {}],
  ['changesEn / changesLt (service changes)', changesEn, changesLt, {}],
  ['mapEn / mapLt (maps)', mapEn, mapLt, { distance: "'350 m': metres and kilometres are written alike" }],
  ['liveEn / liveLt (live buses)', liveEn, liveLt, {}],
  [
    'driveEn / driveLt (drivers’ page)',
    driveEn,
    driveLt,
    { 'choose.route': "'{from} → {to}': two stop names and an arrow" },
  ],
  ['embedEn / embedLt (stop widget, Put on your site)', embedEn, embedLt, {}],
  ['boardEn / boardLt (departure board)', boardEn, boardLt, {}],
] as const;

describe('Lithuanian texts are Lithuanian', () => {
  it.each(checked)(
    '%s: no Lithuanian text is the English one, but for the allow-list',
    (_, english, lithuanian, allowed) => {
      const same = leavesOf(english)
        .filter(([path]) => !READ_BY_KEY.some((prefix) => path.startsWith(prefix)))
        .filter(([path]) => !Object.hasOwn(allowed, path))
        .filter(([path, inEnglish]) => {
          const inLithuanian = valueAt(lithuanian, path);
          // A text with parameters: the same words around the same arguments, whatever they are.
          if (typeof inEnglish === 'function') {
            const shown = shownBy(inEnglish);
            return (
              shown.some((text) => typeof text === 'string') &&
              JSON.stringify(shown) === JSON.stringify(shownBy(inLithuanian))
            );
          }
          // An array's entries one by one; a single letter may be the same (T for Tuesday and trečiadienis).
          if (Array.isArray(inEnglish))
            return inEnglish.some((entry, i) => entry.length > 1 && entry === (inLithuanian as unknown[])[i]);
          return inLithuanian === inEnglish;
        })
        .map(([path]) => path);
      expect(same).toEqual([]);
    },
  );

  it.each(checked)(
    '%s: the allow-list names only texts the same in both languages',
    (_, english, lithuanian, allowed) => {
      for (const path of Object.keys(allowed)) {
        const [inEnglish, inLithuanian] = [valueAt(english, path), valueAt(lithuanian, path)];
        if (typeof inEnglish === 'function') expect(shownBy(inLithuanian), path).toEqual(shownBy(inEnglish));
        else {
          expect(typeof inEnglish, path).toBe('string');
          expect(inLithuanian, path).toBe(inEnglish);
        }
      }
    },
  );

  it("the error pages are translated ('Nopage here' is English)", () => {
    expect(lt.app.notFound).not.toBe(en.app.notFound);
    expect(lt.app.unexpectedError).not.toBe(en.app.unexpectedError);
  });

  it.each([
    ['02-30', '02', 29, '„02-30“ nėra data: vasaris turi 29 dienas.'],
    ['04-31', '04', 30, '„04-31“ nėra data: balandis turi 30 dienų.'],
    ['12-32', '12', 31, '„12-32“ nėra data: gruodis turi 31 dieną.'],
  ])('a typed date with no such day names its month in words (%s)', (text, month, days, said) => {
    expect(adminLt.bulk.noSuchDay(text, month, days)).toBe(said);
  });
});
