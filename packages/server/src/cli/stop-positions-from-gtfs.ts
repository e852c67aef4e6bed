import { basename } from 'node:path';
import {
  DomainError,
  type decodeUtf8Lines,
  englishMessage,
  type Position,
  serverMessage,
  systemClock,
  UNVERSIONED,
} from '@bus/core';
import { applyPositionImport, planPositionImport } from '../services/admin/position-import.ts';
import type { CliContext } from './commands.ts';

/**
 * `pnpm cli import-stop-positions --from-gtfs stops.txt [--apply] [--overwrite]` (issue 29):
 * our stops matched to another feed's by name and, where names repeat, by nearness to their
 * neighbours on our routes. Prints what matched, what is ambiguous (with its candidates) and
 * what is not in the file; changes nothing without --apply. With it, the matched positions are
 * saved in one recorded write (one history batch, one new version), all or nothing; a stop that
 * already has a position keeps it unless --overwrite. A file whose bytes are not UTF-8 is refused
 * at the line they are on, with or without --apply, before anything is matched.
 */

const at = ({ lat, lon }: Position) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

const meters = (m: number) => (m < 1000 ? `${m} m` : `${(m / 1000).toFixed(1)} km`);

export async function importPositionsFromGtfs(
  context: CliContext,
  file: { path: string; decoded: ReturnType<typeof decodeUtf8Lines> },
  options: { apply: boolean; overwrite: boolean; username: string },
): Promise<number> {
  const name = basename(file.path);
  const decoded = file.decoded;
  if (!decoded.ok) {
    const problem = serverMessage('stopsTxtProblem', { line: decoded.line, problem: { kind: 'notUtf8' } });
    throw new Error(`${name}: ${englishMessage(problem)}; nothing was changed`);
  }
  const db = await context.database({ mustExist: true });
  let plan: Awaited<ReturnType<typeof planPositionImport>>;
  try {
    plan = await planPositionImport(db.kysely, decoded.text);
  } catch (error) {
    if (error instanceof DomainError) throw new Error(`${name}: ${error.message}; nothing was changed`);
    throw error;
  }
  const out = context.out;
  out(`${name}: ${plan.feedStops} stops read (${plan.skipped} left out: entrances, nodes, places far away)`);
  out('');
  out(`matched (${plan.matched.length}):`);
  const nameWidth = Math.max(0, ...plan.matched.map((m) => `${m.name} (${m.stopId})`.length));
  for (const m of plan.matched) {
    const now =
      m.current === null
        ? ''
        : `; has ${at(m.current)}, ${meters(m.movedMeters ?? 0)} away${options.overwrite ? ', replaced' : ', kept'}`;
    const how = m.by === 'nearness' ? ', by its route neighbours' : '';
    out(
      `  ${`${m.name} (${m.stopId})`.padEnd(nameWidth)}  ${at(m.position)}  <- ${m.feedStops.map((f) => `${f.name} [${f.id}]`).join(', ')}${how}${now}`,
    );
  }
  out('');
  out(`ambiguous (${plan.ambiguous.length}):`);
  for (const a of plan.ambiguous) {
    out(`  ${a.name} (${a.stopId})${a.current === null ? '' : `, has ${at(a.current)}`}:`);
    for (const c of a.candidates) {
      const near =
        c.nearMeters === null ? 'no neighbour placed' : `${meters(c.nearMeters)} from its route neighbours`;
      out(`    ${at(c.position)}  ${c.feedStops.map((f) => `${f.name} [${f.id}]`).join(', ')} (${near})`);
    }
  }
  out('');
  out(`not in ${name} (${plan.unmatched.length}):`);
  for (const u of plan.unmatched)
    out(`  ${u.name} (${u.stopId})${u.current === null ? '' : `, has ${at(u.current)}`}`);
  out('');

  const chosen = plan.matched.filter((m) => m.current === null || options.overwrite);
  const kept = plan.matched.length - chosen.length;
  const keptText =
    kept > 0 ? `; ${kept} that already had a position kept it (--overwrite replaces them)` : '';
  if (!options.apply) {
    out(`nothing was changed: --apply saves the positions of ${chosen.length} matched stops${keptText}`);
    return 0;
  }
  if (chosen.length === 0) {
    out(`nothing to save${keptText}`);
    return 0;
  }
  let saved: Awaited<ReturnType<typeof applyPositionImport>>;
  try {
    saved = await applyPositionImport(
      db,
      { username: options.username, via: 'admin', clock: systemClock },
      {
        baseVersion: UNVERSIONED,
        positions: chosen.map((m) => ({ stopId: m.stopId, ...m.position })),
      },
    );
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}; nothing was changed`);
  }
  out(
    `set the positions of ${saved.changed} stops from ${name} (${saved.unchanged} already had them)${keptText}; one history entry, version ${saved.version}`,
  );
  return 0;
}
