/**
 * Where the printed timetables' QR codes lead (issue 42), pure: the absolute address on the
 * site (from lib/site-address.ts' siteOf: the Publishing screen's site address, else the page's
 * own origin) and the short form printed beside the code for people without a camera.
 */
import type { Direction } from '@bus/core';

/**
 * A stop poster's live page: the home with the stop, its direction (left out when it is the
 * home's default, going out, so the address stays short) and the destination the poster is for.
 */
export function stopLiveAddress(site: string, stopId: number, dir: Direction, to: number | null): string {
  const query = new URLSearchParams({ from: String(stopId) });
  if (dir !== 'Out bound') query.set('dir', dir);
  if (to !== null) query.set('to', String(to));
  return `${site}/?${query}`;
}

/** A line timetable's page on the site. */
export function lineAddress(site: string, lineId: number): string {
  return `${site}/browse/${lineId}`;
}

/** The address as printed to be typed: without its scheme ('autobusai.anyksciai.lt/?from=12'). */
export function shortAddress(address: string): string {
  return address.replace(/^https?:\/\//i, '');
}
