import { basename } from 'node:path';
import { byLine, NOT_UTF8_TEXT, parseRouteDistancesCsv, systemClock } from '@bus/core';
import {
  importRouteDistances,
  type RouteDistancesOutcome,
  routeDistanceProblems,
} from '../services/admin/route-distances.ts';
import type { CliCommand } from './commands.ts';
import { CLI_USERNAME, readUtf8 } from './gtfs-commands.ts';
import { QUIET_OPTION } from './progress.ts';

/**
 * The largest distances file the command reads: a line a gap is some 20 bytes, and the most
 * lines a file may have (core's MAX_ROUTE_DISTANCE_LINES) fit well within it.
 */
export const MAX_DISTANCES_FILE_BYTES = 16 * 1024 * 1024;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'route 1 of M35 "Pagrindinis"' */
function routeName(route: RouteDistancesOutcome): string {
  return `route ${route.routeId} of ${route.lineName}${route.routeNotes ? ` ${JSON.stringify(route.routeNotes)}` : ''}`;
}

/** What the file changes on one route: a heading line, then each distance that changes. */
function routeLines(route: RouteDistancesOutcome): string[] {
  if (route.changes.length === 0)
    return [
      `${routeName(route)}: unchanged (${route.given === 1 ? 'its distance is' : `its ${route.given} distances are`} stored already)`,
    ];
  const set = route.changes.filter((c) => c.from === null).length;
  const replaced = route.changes.length - set;
  const counts = [
    ...(set > 0 ? [`${plural(set, 'distance', 'distances')} set`] : []),
    ...(replaced > 0 ? [`${replaced} changed`] : []),
  ];
  return [
    `${routeName(route)}: ${counts.join(', ')}`,
    ...route.changes.map(({ sequence, from, to }) => {
      const gap = `${sequence} ${route.stops[sequence - 1] ?? ''} -> ${sequence + 1} ${route.stops[sequence] ?? ''}`;
      return `  ${gap}: ${from === null ? `${to} m` : `${from} m -> ${to} m`}`;
    }),
  ];
}

export const distanceCommands: CliCommand[] = [
  {
    name: 'import-distances',
    synopsis: '<distances.csv> [--quiet]',
    summary:
      'set route distances from a CSV (route,stop_sequence,metres), all or nothing, recorded in the history',
    options: QUIET_OPTION,
    positionals: ['the CSV file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const { path, decoded } = await readUtf8(context, positionals[0] ?? '', MAX_DISTANCES_FILE_BYTES);
      const name = basename(path);
      progress.phase(`reading ${name}`);
      // Bytes that are not UTF-8 are refused at their line, not read as U+FFFD.
      const read = decoded.ok
        ? parseRouteDistancesCsv(decoded.text)
        : { lines: [], problems: [{ line: decoded.line, message: NOT_UTF8_TEXT }] };
      const db = await context.database({ mustExist: true });
      progress.phase('checking the distances against the routes');
      const refuse = (problems: readonly { line: number; message: string }[]) => {
        for (const { line, message } of problems) context.err(`${name} line ${line}: ${message}`);
        context.err(
          `error: ${name} has ${plural(problems.length, 'problem', 'problems')}; nothing was changed`,
        );
        return 1;
      };
      // A file with problems of its own is checked against the routes too: one run names them all.
      if (read.problems.length > 0)
        return refuse(byLine([...read.problems, ...(await routeDistanceProblems(db.kysely, read.lines))]));

      progress.phase('saving the distances');
      const result = await importRouteDistances(
        db,
        { username: CLI_USERNAME, via: 'admin', clock: systemClock },
        read.lines,
      );
      if (!result.ok) return refuse(result.problems);
      const routes = new Set(read.lines.map((l) => l.routeId)).size;
      context.out(
        `${name}: ${plural(read.lines.length, 'distance', 'distances')} of ${plural(routes, 'route', 'routes')}`,
      );
      for (const route of result.routes) for (const line of routeLines(route)) context.out(line);
      const changed = result.routes.filter((r) => r.changes.length > 0).length;
      if (result.savedLines.length === 0) {
        context.out('nothing was changed: every distance in the file is stored already');
        return 0;
      }
      context.out(
        `saved the distances of ${plural(changed, 'route', 'routes')} of ${plural(result.savedLines.length, 'line', 'lines')} in one transaction; ` +
          `the history has an entry a line (${result.savedLines.map((l) => `Line ${l.name}`).join(', ')}), each restorable there`,
      );
      return 0;
    },
  },
];
