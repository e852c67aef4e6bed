import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../packages/web/e2e/chromium.ts';

/**
 * What a phone downloads for the timetable home, measured in a real browser (Debian's
 * Chromium, as the end-to-end tests use it): every response's bytes as they came over the wire
 * (compressed, headers not counted), and the time from navigation until departures show.
 */
export interface FirstLoad {
  /** Scripts and stylesheets, as transferred. */
  jsCssBytes: number;
  /** Everything the page fetched, as transferred (the page, scripts, styles, icons, answers). */
  totalBytes: number;
  requests: number;
  /** From navigation until the first departure chip is on screen. */
  msToDepartures: number;
}

export async function measureFirstLoad(url: string): Promise<FirstLoad> {
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const sizes: Promise<{ type: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      sizes.push(request.sizes().then((s) => ({ type: request.resourceType(), bytes: s.responseBodySize })));
    });
    const started = Date.now();
    await page.goto(url);
    await page.locator('.chip').first().waitFor({ timeout: 30_000 });
    const msToDepartures = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(sizes);
    return {
      jsCssBytes: all
        .filter((s) => s.type === 'script' || s.type === 'stylesheet')
        .reduce((n, s) => n + s.bytes, 0),
      totalBytes: all.reduce((n, s) => n + s.bytes, 0),
      requests: all.length,
      msToDepartures,
    };
  } finally {
    await browser?.close();
  }
}
