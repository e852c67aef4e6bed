import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_USER,
  E2E_NOW,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  heading,
  logIn,
  NOW,
  pagePerFile,
  pressLogIn,
  screenshot,
  url,
} from './support.ts';

/*
 * Refused sign-ins on the admin board (issue 37), in Chromium against the real server: wrong
 * passwords sent to it show on the staff's page per account name and address, with the time in
 * Vilnius. The server's clock stands at the run's moment (E2E_NOW), so every failure of the run
 * is "now". All requests come from 127.0.0.1, which may send 10 sign-ins a minute: this file
 * sends four, and the files before it on the same server theirs, so each of its sign-ins waits
 * out a 429 (pressLogIn). The names guessed at are this file's own (no account has them).
 */
const ONA = 'e2e-ona';
const ROOT = 'e2e-root';
/** What the page shows for the run's moment: Vilnius time with seconds. */
const NOW_SHOWN = `${E2E_NOW.slice(11)}:00`;

const session = pagePerFile();
let p: Page;
beforeAll(() => {
  p = session.page;
});

/** A sign-in sent as the login form sends it; its HTTP status (a 429 waited out, as pressLogIn does). */
async function signInStatus(username: string, password: string): Promise<number> {
  const deadline = Date.now() + 75_000;
  for (;;) {
    const response = await fetch(url('/trpc/auth.signIn'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (response.status !== 429 || Date.now() > deadline) return response.status;
    await new Promise((r) => setTimeout(r, 5000));
  }
}

/** The table's rows as read, one string each (cells joined by ' | '). */
function rowTexts(page: Page): Promise<string[]> {
  return page
    .locator('.sign-ins-table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')]
          .map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())
          .join(' | '),
      ),
    );
}

/** Switches the page's language with the switch in the site's header. */
async function language(page: Page, code: 'LT' | 'EN'): Promise<void> {
  const group = code === 'LT' ? 'Language' : 'Kalba';
  await page.getByRole('group', { name: group }).getByRole('button', { name: code }).click();
}

describe('refused sign-ins', () => {
  it('anonymous callers get nothing', async () => {
    const response = await fetch(url('/trpc/admin.signIns.refused'));
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain(ONA);
  });

  it('staff sign in and see the wrong passwords per account and address, in English and Lithuanian, at 1280 and 390 px', async () => {
    // A wrong password through the login form, one more and one at another name straight to the server.
    await p.goto(url('/admin-access'));
    await p.getByLabel('Username').fill(ONA);
    await p.getByLabel('Password').fill('not-her-password');
    expect(await pressLogIn(p)).toBe(401);
    await p.getByRole('alert').filter({ hasText: 'Bad credentials' }).waitFor();
    expect(await signInStatus(ONA, 'still-not-it')).toBe(401);
    expect(await signInStatus(ROOT, 'toor')).toBe(401);

    // Staff sign in and open the page from the menu.
    await p.getByLabel('Username').fill(DEMO_USER.username);
    await p.getByLabel('Password').fill(DEMO_USER.password);
    await logIn(p);
    await p
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Refused sign-ins' })
      .click();
    await heading(p, 'Refused sign-ins').waitFor();
    await p.locator('.sign-ins-table').waitFor();

    const rows = await rowTexts(p);
    expect(rows).toContain(`${ONA} (no such account) | 127.0.0.1 | 2 | ${NOW_SHOWN} | Not locked`);
    expect(rows).toContain(`${ROOT} (no such account) | 127.0.0.1 | 1 | ${NOW_SHOWN} | Not locked`);
    // boss's own sign-in from here left nothing of boss to list.
    expect(rows.filter((row) => row.startsWith('boss |'))).toEqual([]);
    await p.getByText(`As of ${E2E_NOW.replace('T', ' ')}, Vilnius time.`).waitFor();
    expect(await p.getByRole('status').filter({ hasText: 'No address is locked out now.' }).count()).toBe(1);
    await expectNoAxeViolations(p, 'refused sign-ins');
    await screenshot(p, 'sign-ins-en-1280');

    await p.setViewportSize({ width: 390, height: 900 });
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'sign-ins-en-390');

    // In Lithuanian: the same rows in Lithuanian words.
    await language(p, 'LT');
    await heading(p, 'Nepavykę prisijungimai').waitFor();
    expect(await rowTexts(p)).toContain(
      `${ONA} (tokios paskyros nėra) | 127.0.0.1 | 2 | ${NOW_SHOWN} | Neužblokuotas`,
    );
    await p.getByText(`Duomenys ${E2E_NOW.replace('T', ' ')} Vilniaus laiku.`).waitFor();
    await expectNoAxeViolations(p, 'refused sign-ins in Lithuanian');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'sign-ins-lt-390');
    await p.setViewportSize({ width: 1280, height: 900 });
    await screenshot(p, 'sign-ins-lt-1280');
    await language(p, 'EN');
  });

  it('locked addresses, long names and IPv6 addresses fit the page at 390 and 1280 px', async () => {
    // Twenty wrong passwords from one address cannot be sent here (10 sign-ins a minute from
    // 127.0.0.1): the page's next answer is replaced in the browser by a busy window's, so the
    // layout of locked rows is seen. What the server answers for locks is tested in
    // packages/server/test/admin-sign-ins.test.ts.
    const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
    const busy = {
      at: NOW.toISOString(),
      windowMinutes: 15,
      limit: 20,
      total: 340,
      items: [
        {
          username: 'anna',
          address: '2001:db8:85a3:1234:5678:8a2e:370:7334',
          failures: 20,
          nameFailures: 23,
          lastAt: minutes(-1),
          lockedBy: 'address',
          lockedUntil: minutes(12),
          account: true,
        },
        {
          username: 'anna',
          address: '198.51.100.8',
          failures: 1,
          nameFailures: 23,
          lastAt: minutes(-2),
          lockedBy: 'name',
          lockedUntil: minutes(13),
          account: true,
        },
        {
          username: 'kazkoks.labai.ilgas.naudotojo.vardas.kuri.kazkas.spejo@anyksciai.example',
          address: '203.0.113.5',
          failures: 3,
          nameFailures: 3,
          lastAt: minutes(-4),
          lockedBy: null,
          lockedUntil: null,
          account: false,
        },
      ],
    };
    const refusedQuery = (address: URL) => address.pathname === '/trpc/admin.signIns.refused';
    await p.route(refusedQuery, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify([{ result: { data: busy } }]),
      }),
    );
    await p.getByRole('button', { name: 'Refresh' }).click();
    await p.getByRole('status').filter({ hasText: '2 addresses are locked out of accounts now.' }).waitFor();
    const rows = await rowTexts(p);
    expect(rows[0]).toMatch(
      /^anna \| 2001:db8:85a3:1234:5678:8a2e:370:7334 \| 20 23 for the account in all \| /,
    );
    expect(rows[0]).toContain('| Locked out until ');
    await p.getByText('Showing the newest 3 of 340.').waitFor();
    await p.getByText('pnpm cli user unlock <name>').waitFor();
    await expectNoAxeViolations(p, 'refused sign-ins with locked addresses');
    await screenshot(p, 'sign-ins-locked-en-1280');
    await p.setViewportSize({ width: 390, height: 900 });
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'sign-ins-locked-en-390');
    await language(p, 'LT');
    await p.getByRole('status').filter({ hasText: 'Šiuo metu užblokuoti 2 adresai.' }).waitFor();
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'sign-ins-locked-lt-390');
    await p.unroute(refusedQuery);
  });
});
