import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The read room's walls: the public read side (src/public-read/) and the write side
 * (src/services/) import nothing of each other. What joins them (app.ts, the routers, the old
 * REST paths, the CLI) lives outside both; the write side's commits reach the read side through
 * the one subscription app.ts hands the read plugin.
 */
const SRC = resolve(import.meta.dirname, '../src');

function sources(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|mjs)$/.test(file))
    .map((file) => join(SRC, folder, file));
}

/** The files under SRC that a source file imports (relative specifiers only). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    found.push(relative(SRC, resolve(file, '..', match[1] as string)));
  return found;
}

describe('the read room has walls', () => {
  it.each([
    ['public-read', 'services'],
    ['services', 'public-read'],
  ])('nothing in %s imports %s', (from, to) => {
    const crossing = sources(from).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`${to}/`))
        .map((target) => `${relative(SRC, file)} -> ${target}`),
    );
    expect(sources(from).length).toBeGreaterThan(5);
    expect(crossing).toEqual([]);
  });
});
