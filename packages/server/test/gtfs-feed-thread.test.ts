import type { AdminStop } from '@bus/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeedPublisher } from '../src/public-read/gtfs/feed-publisher.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { makeFeedReady } from './gtfs-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The feeds are built on a thread of their own (feed-publisher.ts, feed-worker.ts), on the real
 * Anykščiai data: the server answers meanwhile, and a change is served once built, the last good
 * feed until then.
 */

const CLOCK = fixedClock('2026-11-25T10:00:00Z');

const NEW_STOP = { id: null, name: 'Nauja stotelė', coords: null, defaultOption: false, baseVersion: 0 };

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;

beforeEach(async () => {
  t = await adminApp({ clock: CLOCK });
  admin = adminClient(t.app, t.adminToken);
  await makeFeedReady(t, admin);
});
afterEach(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
});

describe('the feeds built on their own thread', () => {
  it('answers /healthz while /gtfs.zip is being built', async () => {
    // A change, so the next /gtfs.zip waits for a new build.
    expect((await admin.mutate('admin.stops.save', NEW_STOP)).status).toBe(200);
    const order: string[] = [];
    const zip = t.app.inject({ method: 'GET', url: '/gtfs.zip' }).then((res) => {
      order.push('zip');
      return res;
    });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    order.push('healthz');
    expect(health.statusCode).toBe(200);
    const res = await zip;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(order).toEqual(['healthz', 'zip']);
  });

  it('serves the last good feed while a change is built, then the changed one', async () => {
    const publisher = new FeedPublisher(t.db, { fresh: 0, first: 60_000 });
    try {
      const first = await publisher.zip(CLOCK);
      expect((await publisher.zip(CLOCK)).etag).toBe(first.etag);
      // A stop of the feed moved: the feed changes.
      const stops = (await admin.query<AdminStop[]>('admin.stops.list')).data;
      const stop = stops.find((s) => s.id === 1) as AdminStop;
      const saved = await admin.mutate('admin.stops.save', {
        ...stop,
        baseVersion: await versionNow(t, { kind: 'stop', id: 1 }),
        position: '55.52, 25.10',
        searchNames: undefined,
      });
      expect(saved.status, JSON.stringify(saved.data)).toBe(200);
      // Asked at once: the build of the change has only begun, so the last good one is served.
      expect((await publisher.zip(CLOCK)).etag).toBe(first.etag);
      // The build's report is the changed data's; from then on its zip is served.
      const report = await publisher.report(CLOCK);
      expect(report.ready).toBe(true);
      const next = await publisher.zip(CLOCK);
      expect(next.etag).not.toBe(first.etag);
    } finally {
      await publisher.close();
    }
  });
});
