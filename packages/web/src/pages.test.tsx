import { matchPage } from '@bus/core/browser';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { adminEn } from './i18n/admin-en.ts';
import { en as enHome } from './i18n/en.ts';
import { enPages } from './i18n/en-pages.ts';
import { PAGE_KEYS, PAGES, type PageKey } from './lib/core.ts';
import { USER_STORAGE_KEY } from './lib/stored-user.ts';
import { clearPublicQueryCache, primePublicQuery } from './lib/use-public-query.ts';
import { lineTimetable, schedule, trip } from './test/fixtures.ts';

const en = { ...enHome, ...enPages };
/** Renders the whole app at a URL on the server (no DOM needed), waiting for lazy chunks. */
async function renderAt(
  url: string,
  ssrContext: { redirectTo?: string } = {},
  errors: unknown[] = [],
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={url} ssrContext={ssrContext}>
      <App />
    </Router>,
    { onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

function signInAs(roles: string[]) {
  const value = JSON.stringify({ accessToken: 'token', roles });
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === USER_STORAGE_KEY ? value : null) });
}

const heading = (text: string) => `<h1>${text}</h1>`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearPublicQueryCache();
});

describe('public pages', () => {
  it.each([
    ['/', heading(en.timetable.heading)],
    ['/browse', heading(en.browse.heading)],
    ['/browse/7', heading('Line 7')],
    ['/browse/7/12/30', heading('Line 7')],
    ['/trip/30', heading('Trip 30')],
    ['/admin-access', heading(adminEn.login.heading)],
  ])('%s renders its page', async (url, expected) => {
    expect(await renderAt(url)).toContain(expected);
  });

  it('sends /date/{date} to the home on that date (from the home station)', async () => {
    const ssrContext: { redirectTo?: string } = {};
    await renderAt('/date/2026-05-01', ssrContext);
    expect(ssrContext.redirectTo).toBe('/?date=2026-05-01');
  });

  it('passes the trip route params to the line page', async () => {
    const data = lineTimetable([
      schedule(11, [trip(20, 'Out bound', 1, [1, 2], ['06:00', '06:10'])]),
      schedule(12, [trip(30, 'Out bound', 1, [1, 2], ['09:00', '09:10'])]),
    ]);
    // With no ?date the line page asks for today in Vilnius (the header's clock): the system
    // clock (Date only) is fixed for this test at 00:30 on 2026-12-01 in Vilnius.
    vi.setSystemTime(new Date('2026-11-30T22:30:00Z'));
    primePublicQuery('lineTimetable', { id: '7', date: '2026-12-01' }, data);
    const html = await renderAt('/browse/7/12/30');
    expect(html).toContain('<h1>M35</h1>');
    // Both fixture schedules run on no weekday, so on the date they are marked as not running.
    expect(html).toContain('<a aria-current="true" href="/browse/7/12/30" class="schedule-card is-off">');
    expect(html).toContain('<a href="/browse/7/11/20" class="schedule-card is-off">');
  });

  it.each(['/nope', '/browse/7/12', '/trip', '/admin-accessx'])(
    'unknown route %s shows Nopage here',
    async (url) => {
      expect(await renderAt(url)).toContain(heading('Nopage here'));
    },
  );
});

describe("core's page table", () => {
  /** A page's query, where it has one (the comparison is of a change on a date). */
  const queries: Partial<Record<PageKey, string>> = { compare: '?from=1&dir=Out+bound&change=2026-12-07' };
  /** An address of a page: its pattern with an id for each parameter (a date for the date). */
  const sampleOf = (key: PageKey) =>
    PAGES[key].path.replace(/:(\w+)/g, (_, name: string) => (name === 'date' ? '2026-05-01' : '7')) +
    (queries[key] ?? '');

  it.each(PAGE_KEYS.map((key) => [key, sampleOf(key)]))(
    '%s (%s) is routed to its page, as the server (core matchPage) routes it',
    async (key, url) => {
      expect(matchPage(url.split('?')[0] as string)?.key).toBe(key);
      const ssrContext: { redirectTo?: string } = {};
      const errors: unknown[] = [];
      const html = await renderAt(url, ssrContext, errors);
      expect(errors).toEqual([]);
      expect(html).not.toContain(heading('Nopage here'));
      // Its own heading or, before its data, the loading line; or it sends the visitor on (the
      // date to the home, the admin board to the login).
      expect(/<h1>|role="status"/.test(html) || ssrContext.redirectTo !== undefined).toBe(true);
    },
  );

  it('shows the comparison without its query, as the server answers it (200)', async () => {
    const errors: unknown[] = [];
    const html = await renderAt('/compare', {}, errors);
    expect(html).toContain(heading('New timetable'));
    // Nothing to compare: a hint where to start, not the server's refusal of an empty query.
    expect(html).toContain('then follow its &quot;What changes&quot; link');
    expect(html).not.toContain('role="status"');
    expect(errors).toEqual([]);
  });

  it.each([
    '/plans',
    '/compare/x',
    '/plan/7',
    '/mapx',
    '/print/stop',
    '/print/bus/7',
    '/browse/7/7',
    '/trip',
  ])('%s is no page of the table: Nopage here, as on the server', async (url) => {
    expect(matchPage(url)).toBeNull();
    expect(await renderAt(url)).toContain(heading('Nopage here'));
  });
});

describe('navbar', () => {
  it('keeps the query string on Timetable and Browse by line', () => {
    const html = renderToString(
      <Router ssrPath={'/browse/7?from=3&dir=Out+bound'}>
        <App />
      </Router>,
    );
    expect(html).toContain('href="/?from=3&amp;dir=Out+bound">Timetable</a>');
    expect(html).toContain('href="/browse?from=3&amp;dir=Out+bound">Browse by line</a>');
  });

  it('points Admin board to the login unless the stored user is an admin', async () => {
    expect(await renderAt('/')).toContain('href="/admin-access"');
    signInAs(['ROLE_ADMIN']);
    expect(await renderAt('/')).toContain('href="/admin-panel"');
  });
});

describe('admin pages', () => {
  it('redirects a non-admin to the login', async () => {
    signInAs(['ROLE_USER']);
    const ctx: { redirectTo?: string } = {};
    const html = await renderAt('/admin-panel/lines', ctx);
    // wouter records the target as written; '~' means "from the app root" (outside the panel).
    expect(ctx.redirectTo).toBe('~/admin-access');
    expect(html).not.toContain(heading(adminEn.admin.lines));
  });

  it.each([
    ['/admin-panel', heading(adminEn.admin.welcome)],
    ['/admin-panel/holidays', heading(adminEn.admin.holidays)],
    ['/admin-panel/bus-stops', heading(adminEn.admin.busStops)],
    ['/admin-panel/lines', heading(adminEn.admin.lines)],
    ['/admin-panel/lines/new', heading(adminEn.admin.newLine)],
    ['/admin-panel/lines/5', heading('Line 5')],
    ['/admin-panel/lines/5/edit', heading('Edit line 5')],
    ['/admin-panel/schedules', heading(adminEn.admin.schedules)],
    ['/admin-panel/schedules/5', heading('Schedules of line 5')],
    ['/admin-panel/schedules/5/9', heading('Schedules of line 5')],
    ['/admin-panel/yearly-rules', heading(adminEn.admin.yearlyRules)],
    ['/admin-panel/yearly-rules/3', heading('Yearly rule 3')],
    ['/admin-panel/unknown', heading('Nopage here')],
  ])('%s renders for an admin', async (url, expected) => {
    signInAs(['ROLE_ADMIN']);
    expect(await renderAt(url)).toContain(expected);
  });
});
