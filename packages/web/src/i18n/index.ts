import type { ServerMessageCatalogue } from '@bus/core/browser';
import { useEffect, useSyncExternalStore } from 'react';
import type { HomeMessages, Messages } from './en.ts';

export type { Messages };

/** The languages of the product: Lithuanian, the town's, and English, the spec's. */
export const LANGUAGES = ['lt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'lang';

/**
 * Each language's catalogue of the home is a chunk of its own; only the one shown is fetched
 * on start, so the first load carries no language it does not show (the 80 KB budget of the
 * public home, scripts/bundle-size.mjs).
 */
const CATALOGUES: Record<Language, () => Promise<HomeMessages>> = {
  lt: () => import('./lt.ts').then((module) => module.lt),
  en: () => import('./en.ts').then((module) => module.en),
};

/**
 * The texts of the other pages: fetched with the first of them (loadPageMessages), through the
 * pages' chunk (lazy-pages.ts) so their file names stay out of the home's entry script.
 */
const pageCatalogue = (language: Language) =>
  import('../lazy-pages.ts').then((pages) => pages.pageCatalogue(language));
/** Set once a page beyond the home has asked for its texts: a language switch loads them too. */
let pagesWanted = false;

/**
 * The server's messages (errors and validation, by their stable key): fetched only when a page
 * shows an error or the admin board opens, never on the public home's first load.
 */
const serverCatalogue = (language: Language) =>
  import('../lazy-pages.ts').then((pages) => pages.serverCatalogue(language));

let current: {
  language: Language;
  messages: Messages;
  serverMessages: ServerMessageCatalogue | null;
} | null = null;
const loadingServerMessages = new Set<Language>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language chosen on this device, else Lithuanian when the browser prefers it to English
 * (the first of the two in its list), else English.
 */
export function preferredLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage may be off (private mode): the browser's preference decides.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * Loads a language's catalogue and shows it everywhere at once; the page's `lang` follows.
 * `remember`: the visitor chose it (the switch), so the device keeps it.
 */
export async function switchLanguage(language: Language, remember = false): Promise<void> {
  const [home, pages] = await Promise.all([
    CATALOGUES[language](),
    pagesWanted ? pageCatalogue(language) : undefined,
  ]);
  // Until a page beyond the home asks for them (loadPageMessages), only the home's texts are here.
  const messages = { ...home, ...pages } as Messages;
  current = { language, messages, serverMessages: null };
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Not remembered on this device; the choice holds until the page is closed.
    }
  }
  for (const listener of listeners) listener();
}

function snapshot() {
  if (current === null) throw new Error('no language loaded: call switchLanguage before rendering');
  return current;
}

/**
 * Loads the texts of the pages beyond the home in the language shown; the lazily loaded pages
 * (pages.tsx) wait for it before they render.
 */
export async function loadPageMessages(): Promise<void> {
  pagesWanted = true;
  const language = snapshot().language;
  if ('browse' in snapshot().messages) return;
  const pages = await pageCatalogue(language);
  if (current?.language !== language) return;
  current = { ...current, messages: { ...current.messages, ...pages } };
  for (const listener of listeners) listener();
}

async function loadServerMessages(language: Language): Promise<void> {
  if (current?.language !== language || current.serverMessages !== null) return;
  if (loadingServerMessages.has(language)) return;
  loadingServerMessages.add(language);
  try {
    const serverMessages = await serverCatalogue(language);
    if (current?.language !== language) return;
    current = { ...current, serverMessages };
    for (const listener of listeners) listener();
  } finally {
    loadingServerMessages.delete(language);
  }
}

/**
 * The server's messages in the language shown (lib/error-text.ts words errors with them);
 * null while they are on their way, when the server's English stands in.
 */
export function useServerMessages(): ServerMessageCatalogue | null {
  const { language, serverMessages } = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void loadServerMessages(language).catch(() => {
      // Offline: the server's English words stand in.
    });
  }, [language]);
  return serverMessages;
}

/** The catalogue of the language shown. */
export function useMessages(): Messages {
  return useSyncExternalStore(
    subscribe,
    () => snapshot().messages,
    () => snapshot().messages,
  );
}

/** The language shown. */
export function useLanguage(): Language {
  return useSyncExternalStore(
    subscribe,
    () => snapshot().language,
    () => snapshot().language,
  );
}
