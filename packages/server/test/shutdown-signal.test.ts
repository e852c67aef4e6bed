import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real server (scripts/start.sh's `tsx packages/server/src/main.ts`) in a child process on
 * a fresh database file with BACKUP_DIR set: it writes a backup at start, and SIGTERM stops it
 * cleanly: exit code 0 within seconds, the write-ahead log checkpointed into the database
 * file, which then opens whole. (test/shutdown.test.ts covers a request in flight in-process.)
 *
 * LOG_LEVEL=info (not warn as in scripts/e2e.sh) so the test can read the 'backup written' and
 * 'SIGTERM received' lines instead of guessing when they happened.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const MAIN = join(ROOT, 'packages/server/src/main.ts');

let dir: string;
let dbPath: string;
let backupDir: string;
let port: number;
let server: ChildProcess;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function running(): boolean {
  return server.exitCode === null && server.signalCode === null;
}

/** Polls until `check` is true; fails with the server's output when it is not in time. */
async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    if (!running()) throw new Error(`the server exited while waiting for ${what}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${what} within ${timeoutMs} ms:\n${output}`);
}

/** The JSON log lines the server wrote so far. */
function logLines(): { level: number; msg: string; [key: string]: unknown }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-sigterm-'));
  dbPath = join(dir, 'timetable.sqlite');
  backupDir = join(dir, 'backups');
  port = await freePort();
  server = spawn(TSX, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: dbPath,
      LOG_LEVEL: 'info',
      DEMO: '0',
      BACKUP_DIR: backupDir,
      BACKUP_KEEP: '14',
    },
    // Its own process group, so a failed test can stop tsx and the node process it starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  exited = new Promise((resolve) => {
    server.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  await until(
    '/healthz answer',
    async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
        return res.status === 200;
      } catch {
        return false;
      }
    },
    15_000,
  );
}, 20_000);

afterAll(() => {
  if (server?.pid !== undefined && running()) process.kill(-server.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the real server', () => {
  it('writes a backup at start when BACKUP_DIR is set', async () => {
    await until(
      "'backup written' log line",
      () => logLines().some((line) => line.msg === 'backup written'),
      5_000,
    );
    const written = logLines().find((line) => line.msg === 'backup written');
    expect(written).toMatchObject({ integrity: 'ok', removed: [] });
    expect(readdirSync(backupDir)).toEqual([expect.stringMatching(/^timetable-\d{8}-\d{6}\.sqlite$/)]);
  });

  it('stops on SIGTERM with exit code 0, the log checkpointed and the database whole', async () => {
    // The seeded timetable is still in the write-ahead log while the server runs.
    expect(statSync(`${dbPath}-wal`).size).toBeGreaterThan(0);
    const sentAt = Date.now();
    expect(server.kill('SIGTERM')).toBe(true);
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), 5_000),
    );
    const result = await Promise.race([exited, timeout]);
    expect(result, output).not.toBe('still running');
    const { code, signal, at } = result as Awaited<typeof exited>;
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(at - sentAt).toBeLessThan(5_000);
    expect(logLines().some((line) => line.msg.startsWith('SIGTERM received'))).toBe(true);
    // No error was logged on the way out.
    expect(logLines().filter((line) => line.level >= 50)).toEqual([]);

    // Everything is in the database file itself: no WAL content left beside it.
    expect(existsSync(`${dbPath}-wal`) ? statSync(`${dbPath}-wal`).size : 0).toBe(0);
    const reopened = openDatabase(dbPath);
    try {
      expect(reopened.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(reopened.sqlite.prepare('SELECT count(*) FROM stop').pluck().get()).toBeGreaterThan(0);
    } finally {
      reopened.sqlite.close();
    }
    // The backup written at start opens whole too.
    const [backup = ''] = readdirSync(backupDir);
    const copy = openDatabase(join(backupDir, backup));
    try {
      expect(copy.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.sqlite.close();
    }
  });
});
