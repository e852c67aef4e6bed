/**
 * The stop widget's address and the code other sites paste to show it (issue 42), as plain
 * functions: the widget (widget-main.ts) reads its options from its own address, and the stop
 * page's "Put on your site" (embed-offer.tsx) writes them. Nothing here may import React or the
 * app's catalogues: the widget is a page of its own and must stay light.
 *
 *   /embed/stop/{stopId}?dir=out|city&rows=1..10&lang=lt|en
 *
 * Every option may be left out: the home's default direction (going out), five rows, and the
 * visitor's browser language (Lithuanian when it prefers it to English, else English).
 */
import type { Direction } from '@bus/core';
import { siteOf } from '../../../lib/site-address.ts';

export type EmbedLanguage = 'lt' | 'en';

export interface EmbedOptions {
  stopId: number;
  dir: Direction;
  rows: number;
  /** null: the visitor's browser decides. */
  lang: EmbedLanguage | null;
}

/** How many departures the widget may list: a handful fits a sidebar, ten a page column. */
export const EMBED_ROWS = { min: 1, max: 10, standard: 5 } as const;

/** The path of every widget; only paths below /embed/ may be framed by other sites. */
export const EMBED_PREFIX = '/embed/';

/** The short words of the address for the home's two directions ('Out bound', 'City bound'). */
const DIR_WORDS: Record<Direction, string> = { 'Out bound': 'out', 'City bound': 'city' };

const POSITIVE_ID = /^[1-9]\d{0,15}$/;

/** '/embed/stop/12' -> 12; null for any other path. */
export function embedStopId(path: string): number | null {
  const match = /^\/embed\/stop\/([^/]+)\/?$/.exec(path);
  const id = match?.[1];
  return id !== undefined && POSITIVE_ID.test(id) ? Number(id) : null;
}

/** 'city' (or the home's own 'City bound') is toward the town; anything else goes out. */
export function readEmbedDirection(value: string | null): Direction {
  const word = value?.trim().toLowerCase();
  return word === 'city' || word === 'city bound' ? 'City bound' : 'Out bound';
}

/** A whole number of rows within EMBED_ROWS (a larger one is the most, a smaller the least); else the standard. */
export function readEmbedRows(value: string | null): number {
  const text = value?.trim() ?? '';
  if (!/^\d{1,4}$/.test(text)) return EMBED_ROWS.standard;
  return Math.min(EMBED_ROWS.max, Math.max(EMBED_ROWS.min, Number(text)));
}

export function readEmbedLanguage(value: string | null): EmbedLanguage | null {
  const word = value?.trim().toLowerCase();
  return word === 'lt' || word === 'en' ? word : null;
}

/** The widget's options from its address; null when the path names no stop. */
export function readEmbedOptions(path: string, search: string): EmbedOptions | null {
  const stopId = embedStopId(path);
  if (stopId === null) return null;
  const params = new URLSearchParams(search);
  return {
    stopId,
    dir: readEmbedDirection(params.get('dir')),
    rows: readEmbedRows(params.get('rows')),
    lang: readEmbedLanguage(params.get('lang')),
  };
}

/**
 * The language shown when the address names none: the first of Lithuanian and English in the
 * browser's list (as the site chooses, without the device's remembered choice: a widget on
 * another site reads and writes no storage), else English.
 */
export function browserLanguage(languages: readonly string[]): EmbedLanguage {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'lt' || base === 'en') return base;
  }
  return 'en';
}

/** The widget's path with every option written out, in a fixed order. */
export function embedPath(options: EmbedOptions): string {
  const query = new URLSearchParams({ dir: DIR_WORDS[options.dir], rows: String(options.rows) });
  if (options.lang !== null) query.set('lang', options.lang);
  return `${EMBED_PREFIX}stop/${options.stopId}?${query}`;
}

/** The stop's departures on the site (the home with the stop and the direction): "Full timetable". */
export function stopPagePath(stopId: number, dir: Direction): string {
  return `/?${new URLSearchParams({ from: String(stopId), dir })}`;
}

/**
 * The frame's height in CSS pixels for so many rows: the heading, a row per departure (a
 * followed bus's marks may take a second line on a narrow frame) and the link at the foot.
 */
export function embedHeight(rows: number): number {
  return 112 + rows * 44;
}

/** The widest the frame is drawn on the other site; narrower where the column is. */
export const EMBED_MAX_WIDTH = 420;

const escapeAttribute = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Where the code points: the Publishing screen's site address (null: not set) and the page's own origin. */
export interface EmbedSite {
  siteUrl: string | null;
  origin: string;
}

/**
 * The HTML another site pastes: one iframe of the widget at the site's absolute address (the
 * Publishing screen's site address, as the printed timetables' QR codes say it; else the page's
 * own origin), titled for screen readers (`title`, in the widget's language), as wide as its
 * column up to EMBED_MAX_WIDTH, tall enough for its rows, loaded when scrolled near.
 */
export function embedCode(site: EmbedSite, options: EmbedOptions, title: string): string {
  const src = `${siteOf(site.siteUrl, site.origin)}${embedPath(options)}`;
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" ` +
    `width="100%" height="${embedHeight(options.rows)}" loading="lazy" ` +
    `style="border:0;max-width:${EMBED_MAX_WIDTH}px"></iframe>`
  );
}
