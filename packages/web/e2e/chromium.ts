import { type Browser, type BrowserServer, chromium } from 'playwright-core';

/**
 * Headless Chromium (Debian's package; E2E_CHROMIUM names another), as the end-to-end tests
 * (support.ts) and the bench's first load (scripts/bench/wire.ts) start it.
 */
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
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
