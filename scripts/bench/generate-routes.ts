import type { Town } from './names.ts';
import type { Rng } from './prng.ts';

/** The route shapes of the generated national timetable (generate.ts): city loops, roads out, express chains. */

export interface District {
  hubId: number;
  town: Town;
  weight: number;
  /** Town stops in the order a city bus can drive them (circular). */
  townStops: number[];
  /** Village stops ordered outwards from the hub, one list per road. */
  corridors: number[][];
  x: number;
  y: number;
  neighbours: District[];
}

/** A city bus: from the bus station through a run of town stops; a third loop back to it. */
export function cityRoute(rng: Rng, d: District): number[] {
  const length = Math.min(d.townStops.length, rng.int(11, 26));
  const offset = rng.int(0, d.townStops.length - 1);
  const route = [d.hubId];
  for (let i = 0; i < length; i++) route.push(d.townStops[(offset + i) % d.townStops.length] as number);
  // Loops visit the station twice (first and last stop): the domain's "trip visits F twice" case.
  if (rng.chance(0.3)) route.push(d.hubId);
  return route;
}

/** A regional bus: out of the hub, through a few town stops, along one road of villages. */
export function regionalRoute(rng: Rng, d: District): number[] {
  const target = rng.int(14, 45);
  const route = [d.hubId];
  const townRun = rng.int(0, 3);
  const offset = rng.int(0, d.townStops.length - 1);
  for (let i = 0; i < townRun; i++) route.push(d.townStops[(offset + i) % d.townStops.length] as number);
  const corridor = rng.pick(d.corridors);
  const skip = rng.next() * 0.25;
  for (const s of corridor) {
    if (route.length >= target) break;
    if (!rng.chance(skip)) route.push(s);
  }
  for (const other of d.corridors) {
    if (route.length >= 10 || other === corridor) continue;
    for (const s of other) if (route.length < 10) route.push(s);
  }
  // A quarter reach the neighbouring district's station.
  if (rng.chance(0.25) && route.length < 45) route.push((d.neighbours[0] as District).hubId);
  return route;
}

/** A national express: hub to hub, calling at a few villages on the way. */
export function nationalRoute(rng: Rng, chain: readonly District[]): number[] {
  const route: number[] = [];
  const target = rng.int(18, 45);
  const perLeg = Math.max(1, Math.floor((target - chain.length) / (chain.length - 1)));
  chain.forEach((d, i) => {
    route.push(d.hubId);
    if (i === chain.length - 1) return;
    // Calls spread along one road out of each town; the express skips the stops between.
    const corridor = rng.pick(d.corridors);
    const calls = Math.min(perLeg, corridor.length);
    const step = corridor.length / calls;
    for (let c = 0; c < calls; c++) route.push(corridor[Math.floor(c * step)] as number);
  });
  if (route.length < 10) {
    // Short chains call at more stops in the first town so every route has at least 10.
    route.splice(1, 0, ...(chain[0] as District).townStops.slice(0, 10 - route.length));
  }
  return route.slice(0, 45);
}

/** Variation 2: the main route with a short detour (extra stops) or a skipped stretch. */
export function detourVariation(
  rng: Rng,
  main: readonly number[],
  districts: readonly District[],
  stopCount: number,
): number[] {
  const route = [...main];
  if (route.length > 12 && rng.chance(0.4)) {
    const at = rng.int(1, route.length - 4);
    route.splice(at, rng.int(1, 2));
    return route;
  }
  const at = rng.int(1, Math.max(1, route.length - 2));
  const extra = rng.int(1, 3);
  const present = new Set(route);
  const inserted: number[] = [];
  const district = districts.find((d) => d.hubId === route[0]) ?? districts[0];
  const pool = district ? district.corridors.flat().concat(district.townStops) : [];
  for (let attempt = 0; inserted.length < extra && attempt < 20; attempt++) {
    const s = pool.length > 0 ? rng.pick(pool) : rng.int(1, stopCount);
    if (!present.has(s)) {
      present.add(s);
      inserted.push(s);
    }
  }
  route.splice(at, 0, ...inserted);
  return route.slice(0, 45);
}

/** Variation 3: the main route cut short (only the first 60-85 % of it, at least 10 stops). */
export function shortVariation(rng: Rng, main: readonly number[]): number[] {
  const length = Math.max(Math.min(10, main.length), Math.round(main.length * (0.6 + rng.next() * 0.25)));
  return main.slice(0, length);
}
