import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { OpenedDatabase } from './connection.ts';
import { dataStamp } from './read-snapshot/change-stamp.ts';

/**
 * Checkpoints (copying the WAL's committed pages back into the database file) on a thread of
 * their own, for a serving process. SQLite's automatic checkpoint runs inside the commit that
 * crosses its threshold, on the committing connection: after an import, whose hundreds of
 * megabytes a serving process's held read kept from being copied at the import's own commit,
 * the next small save would copy them all while the event loop waits (seconds at national
 * scale). So the server switches the automatic checkpoint off on its connection and asks this
 * thread instead; a PASSIVE checkpoint never waits for readers or writers, and what it could
 * not copy is copied the next time.
 */

/** The thread's code: one connection, one PASSIVE checkpoint per request. CommonJS (eval). */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
parentPort.on('message', () => {
  let result;
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    result = { busy: row.busy, log: row.log, checkpointed: row.checkpointed };
  } catch (error) {
    result = { error: String(error && error.message ? error.message : error) };
  }
  parentPort.postMessage(result);
});
`;

export interface CheckpointResult {
  /** Frames in the WAL, and how many of them are in the database file now (-1: not in WAL mode). */
  log: number;
  checkpointed: number;
  busy: number;
}

export interface Checkpoints {
  /** Runs one checkpoint on the thread (requests while one runs share the next one). */
  run(): Promise<CheckpointResult>;
  stop(): Promise<void>;
}

export function startCheckpoints(file: string): Checkpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { driver, file } });
  // The thread never keeps the process alive on its own.
  worker.unref();
  let running: Promise<CheckpointResult> | null = null;
  let next: Promise<CheckpointResult> | null = null;
  let stopped = false;

  const once = () =>
    new Promise<CheckpointResult>((resolve, reject) => {
      const onMessage = (message: CheckpointResult | { error: string }) => {
        worker.off('error', onError);
        if ('error' in message) reject(new Error(`checkpoint failed: ${message.error}`));
        else resolve(message);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.postMessage('checkpoint');
    });

  const run = (): Promise<CheckpointResult> => {
    if (stopped) return Promise.reject(new Error('checkpoints stopped'));
    if (running === null) {
      running = once().finally(() => {
        running = null;
      });
      return running;
    }
    // One at a time: a request while one runs is served by the one after it.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  };

  return {
    run,
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * A serving process's checkpoints: the automatic one off on `db` (its connection to `file`),
 * and every `everyMs` one on the thread when the data changed (a commit by any connection) or
 * the last one could not copy everything (a reader was still on older pages).
 */
export function checkpointInBackground(
  db: Pick<OpenedDatabase, 'sqlite'>,
  file: string,
  everyMs = 1000,
): { stop(): Promise<void> } {
  db.sqlite.pragma('wal_autocheckpoint = 0');
  const checkpoints = startCheckpoints(file);
  let seen = dataStamp(db.sqlite);
  let due = true;
  let busy = false;
  const timer = setInterval(() => {
    if (!db.sqlite.open || busy) return;
    const stamp = dataStamp(db.sqlite);
    if (stamp !== seen) {
      seen = stamp;
      due = true;
    }
    if (!due) return;
    busy = true;
    checkpoints
      .run()
      .then(
        (result) => {
          due = result.log >= 0 && result.checkpointed < result.log;
        },
        () => {
          due = true;
        },
      )
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await checkpoints.stop();
    },
  };
}
