/**
 * For the tests of the positions import (issue 29): another feed's stops.txt made from OUR
 * stop names as another timetable spells them, with positions laid out along our routes (the
 * real data has none), so the stops next to each other on a route are near each other.
 */

import type { Position } from '../domain.ts';
import { toCsv } from './csv.ts';
import { roundPosition } from './publishing.ts';

/** Anykščių AS. */
const ORIGIN: Position = { lat: 55.5265, lon: 25.1037 };
const STEP_METERS = 1500;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

function moved(from: Position, angle: number, meters: number): Position {
  const dLat = (meters * Math.cos(angle)) / 111_320;
  const dLon = (meters * Math.sin(angle)) / (111_320 * Math.cos((from.lat * Math.PI) / 180));
  return { lat: from.lat + dLat, lon: from.lon + dLon };
}

/**
 * A position for every stop on a route: each route walks away from a stop already placed (the
 * first: Anykščių AS, or the route's first stop) a step at a time in its own direction.
 */
export function layoutAlongRoutes(routes: readonly (readonly number[])[]): Map<number, Position> {
  const at = new Map<number, Position>();
  routes.forEach((route, r) => {
    const angle = r * GOLDEN_ANGLE;
    let anchor = route.findIndex((id) => at.has(id));
    if (anchor === -1) {
      anchor = 0;
      at.set(route[0] as number, at.size === 0 ? ORIGIN : moved(ORIGIN, angle, 4 * STEP_METERS));
    }
    for (const step of [1, -1]) {
      let previous = at.get(route[anchor] as number) as Position;
      for (let i = anchor + step; i >= 0 && i < route.length; i += step) {
        const id = route[i] as number;
        const known = at.get(id);
        previous = known ?? moved(previous, step === 1 ? angle : angle + Math.PI, STEP_METERS);
        if (!known) at.set(id, previous);
      }
    }
  });
  for (const [id, position] of at) at.set(id, roundPosition(position));
  return at;
}

/** How another timetable writes our names: 'ANYKŠČIŲ A.S.', 'Kurklių I kaimas', 'Kavarsko'. */
export function otherSpelling(name: string, i: number): string {
  let other = name
    .replace(/ AS$/, i % 2 === 0 ? ' A.S.' : ' autobusų stotis')
    .replace(/ k$/, ' kaimas')
    .replace(/ st\. v\.$/, ' stotelė v.')
    .replace(/ kr\.$/, ' kryžkelė')
    .replace(/ gyv\. /, ' gyvenvietė ')
    .replace(/ g\. st\.$/, ' geležinkelio stotis')
    .replace(/ ež\.$/, ' ežeras');
  // A one-word place name in another case: Šeimyniškiai -> Šeimyniškių, Kavarskas -> Kavarsko.
  if (/^\p{L}+$/u.test(other) && i % 3 === 1) other = other.replace(/iai$/, 'ių').replace(/as$/, 'o');
  return i % 4 === 0 ? other.toLocaleUpperCase('lt') : other;
}

export interface OtherFeed {
  /** The stops.txt. */
  text: string;
  /** Where each of our stops is in it (the middle of its platforms). */
  expected: Map<number, Position>;
}

/**
 * Every stop of `stops` (those on `routes`) under another spelling, every third one as two
 * platforms 20 m apart (a stop each side of the road), plus what a national feed has besides:
 * the bus station as a station (location_type 1) and its entrance, other towns' stations, and
 * villages named like ours far away. The columns are in another order than ours.
 */
export function otherFeedStopsTxt(
  stops: readonly { id: number; name: string }[],
  routes: readonly (readonly number[])[],
): OtherFeed {
  const layout = layoutAlongRoutes(routes);
  const rows: Record<string, string | number>[] = [];
  const expected = new Map<number, Position>();
  stops.forEach((stop, i) => {
    const position = layout.get(stop.id);
    if (!position) return;
    expected.set(stop.id, position);
    const name = otherSpelling(stop.name, i);
    if (i % 3 === 2) {
      for (const [side, meters] of [
        ['a', 10],
        ['b', -10],
      ] as const) {
        const platform = roundPosition(moved(position, 0, meters));
        rows.push({
          stop_id: `LT${stop.id}${side}`,
          stop_name: name,
          stop_lat: platform.lat,
          stop_lon: platform.lon,
        });
      }
    } else {
      rows.push({ stop_id: `LT${stop.id}`, stop_name: name, stop_lat: position.lat, stop_lon: position.lon });
    }
  });
  const station = roundPosition(moved(ORIGIN, Math.PI / 2, 2000));
  rows.push(
    {
      stop_id: 'ST-ANYK',
      stop_name: 'Anykščių autobusų stotis',
      stop_lat: station.lat,
      stop_lon: station.lon,
      location_type: 1,
    },
    {
      stop_id: 'EN-ANYK',
      stop_name: 'Anykščių AS',
      stop_lat: station.lat,
      stop_lon: station.lon,
      location_type: 2,
    },
    { stop_id: 'VLN', stop_name: 'Vilniaus AS', stop_lat: 54.670_2, stop_lon: 25.282_1 },
    { stop_id: 'RIX', stop_name: 'Rīgas SAO', stop_lat: 56.946_3, stop_lon: 24.117_8 },
    { stop_id: 'WAW', stop_name: 'Warszawa Zachodnia', stop_lat: 52.219_5, stop_lon: 20.963_3 },
  );
  // Villages named like ours elsewhere in Lithuania (a national feed has several of each).
  for (const [id, name, lat, lon] of [
    ['FAR1', 'Pagiriai', 54.604_1, 25.351_7],
    ['FAR2', 'Šeimyniškiai', 55.998_4, 23.411_2],
    ['FAR3', 'Pagojė', 55.112_3, 23.804_5],
  ] as const) {
    rows.push({ stop_id: id, stop_name: name, stop_lat: lat, stop_lon: lon });
  }
  const text = `\uFEFF${toCsv(['stop_lon', 'stop_name', 'location_type', 'stop_id', 'stop_lat'], rows)}`;
  return { text, expected };
}
