import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

/**
 * Headless Chromium, as the end-to-end tests (support.ts) and the benches' pages
 * (scripts/bench/wire.ts, scripts/bench-board.ts) start it: Debian's `chromium-headless-shell`
 * (scripts/e2e.sh installs it), else Debian's `chromium`; E2E_CHROMIUM names another.
 *
 * The headless shell is Chromium's own headless build, from the same Debian source package and
 * version as `chromium` (the same Blink, V8, network stack and DevTools protocol), without the
 * desktop browser's windows, tabs and profile services around each context. The whole browser
 * suite took 373 s instead of 437 s with it (two workers, the same build, a quiet 2-core
 * machine, 30 November 2026), and 278 CPU-seconds instead of 388: the difference was the
 * browser's own work per context and page, not the pages'.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  // Each new context is a browser window, and Chromium 156 makes each window's address-bar popup
  // (chrome://omnibox-popup.top-chrome, a WebUI) up front in a renderer of its own: about a
  // CPU-second per context that nobody sees in a headless test. Playwright passes its own
  // --disable-features; whether Chromium merges two such switches or takes the last, this one
  // repeats Playwright's list (1.65) so none of those comes back on.
  `--disable-features=${[
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join(',')}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The same browser, listening for test files to connect (e2e/browser-server.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Connects to the browser a launchBrowserServer started. */
export function connectBrowser(endpoint: string): Promise<Browser> {
  return chromium.connect(endpoint);
}
