import type { OfflineMessages } from './offline-en.ts';

/** The offline banner's texts in Lithuanian (see offline-en.ts). */
export const offlineLt: OfflineMessages = {
  shownAsOf: (time: string) => `Nėra interneto ryšio. Rodomas tvarkaraštis, koks buvo ${time}.`,
  locale: 'lt-LT',
  retry: 'Bandyti dar kartą',
};
