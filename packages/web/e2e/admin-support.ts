import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, url } from './support.ts';

/** Helpers of the admin end-to-end tests (the shared ones live in support.ts). */

/** Calls an admin tRPC procedure the way the app does (Bearer token), from the test itself. */
export async function adminApi<T>(
  token: string,
  path: string,
  input?: unknown,
  kind: 'query' | 'mutation' = 'query',
): Promise<T> {
  const headers = { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response =
    kind === 'query'
      ? await fetch(
          url(
            `/trpc/admin.${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          ),
          { headers },
        )
      : await fetch(url(`/trpc/admin.${path}`), {
          method: 'POST',
          headers,
          body: JSON.stringify(input ?? null),
        });
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!body.result) throw new Error(`admin.${path} failed: ${body.error?.message}`);
  return body.result.data;
}

/** Waits for a timed alert (toast or inline) with exactly this text. */
export async function alertWithText(page: Page, text: string): Promise<void> {
  await page.locator('[role="alert"], [role="status"]').filter({ hasText: text }).first().waitFor();
}

/**
 * A screenshot of what the window shows (for pages too long to read as one full-page image);
 * none with E2E_SCREENSHOTS=0, as support.ts screenshot.
 */
export async function screenshotViewport(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A one-route line a test makes through the API (and deletes again with deleteLine). */
export interface TestLine {
  name: string;
  /** The route's stops, in order. */
  stops: number[];
  routeStart: string;
  routeEnd: string;
  operator: string | null;
}

/** Makes a line with one route ('Main') through the API; its id and its route's id. */
export async function makeLine(token: string, line: TestLine): Promise<{ lineId: number; routeId: number }> {
  const saved = await adminApi<{ id: number }>(
    token,
    'lines.saveFull',
    {
      info: {
        id: null,
        name: line.name,
        routeStart: line.routeStart,
        routeEnd: line.routeEnd,
        routeType: 'Regional Bus',
        operator: line.operator,
        anykStationPlatform: null,
        price: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [],
      },
      // A new line: no version yet.
      baseVersion: 0,
      routes: [
        {
          id: null,
          routeNotes: 'Main',
          stopsArr: line.stops.map((id) => ({ id })),
          distanceMetersList: line.stops.slice(1).map(() => null),
        },
      ],
    },
    'mutation',
  );
  const full = await adminApi<{ routes: { id: number }[] }>(token, 'lines.getFull', { id: saved.id });
  return { lineId: saved.id, routeId: full.routes[0]?.id as number };
}

/** Deletes a line a test made, at its current version. */
export async function deleteLine(token: string, lineId: number): Promise<void> {
  const line = await adminApi<{ version: number }>(token, 'lines.getFull', { id: lineId });
  await adminApi(token, 'lines.delete', { id: lineId, baseVersion: line.version }, 'mutation');
}

/** Deletes a holiday a test made, at its current version; nothing when it is gone already. */
export async function deleteHoliday(token: string, id: number): Promise<void> {
  const holidays = await adminApi<{ id: number; version: number }[]>(token, 'holidays.list');
  const holiday = holidays.find((h) => h.id === id);
  if (holiday) await adminApi(token, 'holidays.delete', { id, baseVersion: holiday.version }, 'mutation');
}

/** Deletes a stop a test made, at its current version; nothing when it is gone already. */
export async function deleteStop(token: string, id: number): Promise<void> {
  const stops = await adminApi<{ stop: { id: number }; version: number }[]>(token, 'stops.listWithUsage');
  const item = stops.find((s) => s.stop.id === id);
  if (item) await adminApi(token, 'stops.delete', { id, baseVersion: item.version }, 'mutation');
}

/**
 * A new schedule as schedules.saveList takes it: Monday to Friday, not on public holidays, on a
 * yearly rule, an Out bound trip along the route and a City bound trip back.
 */
export function workdaySchedule(routeId: number, yearlyRuleId: number, out: string[], back: string[]) {
  return {
    id: null,
    runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    runsOnYearlyId: yearlyRuleId,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    trips: [
      { id: null, boundFor: 'Out bound', routeId, routeDirReversed: false, timeList: out },
      { id: null, boundFor: 'City bound', routeId, routeDirReversed: true, timeList: back },
    ],
  };
}
