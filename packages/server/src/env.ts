import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveDatabasePath } from '@bus/db';
import { z } from 'zod';
import {
  DEFAULT_MAP_TILES_ATTRIBUTION,
  DEFAULT_MAP_TILES_URL,
  parseAttribution,
  tilesUrlProblem,
} from './map-tiles.ts';

/** The repository root, so defaults work whatever directory the server is started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `PORT=` or `BACKUP_KEEP=  ` in a shell or a unit file means unset, as for the text settings (not 0). */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

/** A comma-separated list of origins: each trimmed, without a trailing slash, blanks dropped, every one `valid`. */
function originList(valid: (origin: string) => boolean, message: string) {
  return z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter((o) => o.length > 0),
    )
    .refine((origins) => origins.every(valid), message);
}

const EnvSchema = z.object({
  PORT: blankIsUnset(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.string().min(1).default('127.0.0.1'),
  DB_PATH: z.string().min(1).default('data/timetable.sqlite'),
  /** The built web app; served at / with SPA fallback. */
  WEB_DIST_DIR: z.string().min(1).default('packages/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Key that signs access tokens; unset (or empty) = generated once and kept next to the database. */
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes long'),
  /**
   * Demo mode: the admin 'boss' / '2025' works and the login page shows it. Unset: on only when
   * the server listens on a loopback address (a published password must be asked for).
   */
  DEMO: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim().toLowerCase()))
    .refine(
      (v) => v === undefined || ['0', '1', 'true', 'false'].includes(v),
      "must be '0', '1', 'true' or 'false'",
    )
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /**
   * Reverse proxies (comma-separated addresses or CIDRs) whose X-Forwarded-For and
   * X-Forwarded-Proto are believed: behind one, the client address is the rightmost
   * forwarded address that is not a trusted proxy. Empty (default): the headers are ignored.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p.length > 0),
    )
    .refine(
      (list) => list.every(isAddressOrCidr),
      'each entry must be an IP address or CIDR, like 10.0.0.1 or 10.0.0.0/8',
    ),
  /**
   * The bearer token a Prometheus scrape of /metrics from another machine sends
   * (`Authorization: Bearer <token>`); at least 16 characters. Unset: /metrics answers this
   * machine only (a request from the loopback address with no X-Forwarded-For).
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  /** Where the server writes a backup at start and once a day; unset: no automatic backups. */
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
  /** How many of the newest automatic backups to keep. */
  BACKUP_KEEP: blankIsUnset(z.coerce.number().int().min(1).max(10_000).default(14)),
  /** Origins (comma-separated) allowed to call the legacy /api paths from a browser; default none. */
  CORS_ORIGINS: originList(
    (o) => /^https?:\/\/[^/\s]+$/.test(o),
    'each origin must look like https://host[:port]',
  ),
  /**
   * The site's public origins (comma-separated, like https://autobusai.anyksciai.lt): what the
   * site calls itself when the Publishing page names no site address (public-origin.ts). A Host
   * header naming one of them gets that one; any other Host gets the first. Empty (default): the
   * request's own host.
   */
  PUBLIC_ORIGIN: originList(
    isOrigin,
    'each origin must look like https://host[:port], without a path',
  ).transform((origins) => origins.map((o) => new URL(o).origin)),
  // Live buses (issue 40; docs/live.md).
  /** The live database (where buses are now); unset: beside DB_PATH, '-live' before its extension. */
  LIVE_DB_PATH: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
  /** Days the reported positions are kept before they are deleted (the privacy rule). */
  LIVE_KEEP_DAYS: blankIsUnset(z.coerce.number().int().min(1).max(3650).default(30)),
  /** A tracker's GTFS-Realtime VehiclePositions feed, read every LIVE_POLL_SECONDS; unset: none. */
  LIVE_VEHICLE_POSITIONS_URL: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'must be an http(s) address'),
  LIVE_POLL_SECONDS: blankIsUnset(z.coerce.number().int().min(1).max(3600).default(10)),
  // The maps' background tiles and their attribution (map-tiles.ts).
  /** A tile address with {z}, {x}, {y} ({s}: a server letter); its host is allowed in the CSP. */
  MAP_TILES_URL: blankIsUnset(
    z
      .string()
      .trim()
      .default(DEFAULT_MAP_TILES_URL)
      .superRefine((url, ctx) => {
        const problem = tilesUrlProblem(url);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
  ),
  /** The words the tiles' licence asks for, then the address they link to: 'Words <https://…>'. */
  MAP_TILES_ATTRIBUTION: blankIsUnset(
    z
      .string()
      .trim()
      .default(DEFAULT_MAP_TILES_ATTRIBUTION)
      .refine(
        (text) => parseAttribution(text) !== null,
        "must be words (no '<' or '>'), optionally followed by a link: © Map makers <https://example.org/copyright>",
      ),
  ),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'DEMO' | 'LIVE_DB_PATH'> & {
  DEMO: boolean;
  LIVE_DB_PATH: string;
};

/** 'https://autobusai.anyksciai.lt', 'http://127.0.0.1:3000': a scheme and a host, nothing more. */
function isOrigin(entry: string): boolean {
  if (!/^https?:\/\/[^/\s?#@]+$/i.test(entry)) return false;
  try {
    return new URL(entry).origin !== 'null';
  } catch {
    return false;
  }
}

/** '10.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8'. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128);
}

/** True for 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Parses the environment once at start; relative paths are resolved against the repository root. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const details = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${details}`);
  }
  const env = result.data;
  return {
    ...env,
    // Behind a reverse proxy the loopback address is reached from the internet: no demo then.
    DEMO: env.DEMO ?? (isLoopback(env.HOST) && env.TRUST_PROXY.length === 0),
    DB_PATH: resolveFromRoot(env.DB_PATH),
    LIVE_DB_PATH: resolveFromRoot(env.LIVE_DB_PATH ?? liveDatabasePath(env.DB_PATH)),
    BACKUP_DIR: env.BACKUP_DIR === undefined ? undefined : resolveFromRoot(env.BACKUP_DIR),
    WEB_DIST_DIR: resolveFromRoot(env.WEB_DIST_DIR),
  };
}

function resolveFromRoot(path: string): string {
  return path === ':memory:' ? path : resolve(REPO_ROOT, path);
}
