import type { Clock } from '@bus/core';
import { createTestDb, type OpenedDatabase, openMemoryCopy, replaceTimetable } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Env, parseEnv } from '../src/env.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';

export interface TestApp {
  app: FastifyInstance;
  db: OpenedDatabase;
}

/** A fixed 'now' (UTC instant) for tooLate and today's date. */
export function fixedClock(isoInstant: string): Clock {
  const at = new Date(isoInstant);
  return () => new Date(at);
}

/** What a test's server is built with besides its database (see AppOptions). */
export interface TestAppOptions {
  clock?: Clock;
  ticks?: () => number;
  env?: Partial<Env>;
  planPressure?: AppOptions['planPressure'];
  /** The live database (issue 40), for a test that reads what was stored. */
  live?: AppOptions['live'];
}

/** The image of a database holding the real timetable, made by the first realDataDb of a process. */
let realDataImage: Promise<Buffer> | undefined;

/**
 * An in-memory database holding the real Anykščiai timetable: a copy of one imported once a
 * process (an import takes about 100 ms; a copy, 2).
 */
export async function realDataDb(): Promise<OpenedDatabase> {
  realDataImage ??= (async () => {
    const db = await createTestDb();
    replaceTimetable(db.sqlite, await loadDefaultDataset());
    const image = db.sqlite.serialize();
    db.sqlite.close();
    return image;
  })();
  return openMemoryCopy(await realDataImage);
}

/** The server on an in-memory database holding the real Anykščiai timetable. */
export async function realDataApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await realDataDb();
  const env = { ...parseEnv({ LOG_LEVEL: 'silent' }), ...options.env };
  const app = await buildApp({
    db,
    env,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.ticks ? { ticks: options.ticks } : {}),
    ...(options.planPressure !== undefined ? { planPressure: options.planPressure } : {}),
    ...(options.live ? { live: options.live } : {}),
  });
  return { app, db };
}

export interface TrpcResponse<T> {
  status: number;
  data: T;
  error?: { message: string; data: { code: string; httpStatus: number } };
}

/** Calls a tRPC query the way the web client does (GET with JSON input). */
export async function trpcQuery<T = unknown>(
  app: FastifyInstance,
  path: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcResponse<T>> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers });
  const body = res.json() as { result?: { data: T }; error?: TrpcResponse<T>['error'] };
  return {
    status: res.statusCode,
    data: body.result?.data as T,
    ...(body.error ? { error: body.error } : {}),
  };
}
