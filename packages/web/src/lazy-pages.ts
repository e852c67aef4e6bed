import type { ServerMessageCatalogue } from '@bus/core/browser';
import type { PageMessages } from './i18n/en-pages.ts';

/**
 * The pages beyond the timetable home and the calendar, each a chunk of its own. This module is
 * a chunk too, fetched with the first of them: the file lists Vite keeps for each one's chunks
 * and stylesheets sit here, not in the home's entry script (the 80 KB budget of the first load).
 */
export const browsePage = () => import('./features/public/browse/browse-page.tsx');
export const linePage = () => import('./features/public/line/line-page.tsx');
export const tripPage = () => import('./features/public/trip/trip-page.tsx');
export const loginPage = () => import('./features/admin/login/login-page.tsx');
export const adminArea = () => import('./features/admin/admin-area.tsx');
export const printPage = () => import('./features/public/print/index.tsx');
// Issue 27: the Service changes page.
export const changesPage = () => import('./features/public/changes/changes-page.tsx');
// The Map page and "Stops near me" (/map).
export const mapPage = () => import('./features/public/map/map-page.tsx');
// The journey planner.
export const planPage = () => import('./features/public/plan/plan-page.tsx');
// The comparison of a new timetable.
export const comparePage = () => import('./features/public/dated/compare-page.tsx');
// The drivers' page (issue 40): its own sign-in, React Query and tRPC client.
export const drivePage = () => import('./features/drive/drive-page.tsx');
// The departure board of a station screen (issue 42): its own React Query.
export const boardPage = () => import('./features/public/board/board-page.tsx');
export const offline = () => import('./offline/offline.ts');
// "Put on your site" on a stop's departures page (issue 42), after the home's first render.
export const embedOffer = () => import('./features/public/embed/embed-offer.tsx');
export const datePicker = () => import('./components/date-picker-popover.tsx');

/** The page table of the pages beyond the home (pages.tsx). */
export { OtherPages } from './other-pages.tsx';

/** The texts of the pages beyond the home, in one language (i18n/index.ts). */
export const pageCatalogue = (language: 'lt' | 'en'): Promise<PageMessages> =>
  language === 'lt'
    ? import('./i18n/lt-pages.ts').then((module) => module.ltPages)
    : import('./i18n/en-pages.ts').then((module) => module.enPages);

/** The server's messages in one language (i18n/index.ts). */
export const serverCatalogue = (language: 'lt' | 'en'): Promise<ServerMessageCatalogue> =>
  language === 'lt'
    ? import('./i18n/server-messages-lt.ts').then((module) => module.serverMessagesLt)
    : import('./i18n/server-messages-en.ts').then((module) => module.serverMessagesEn);
