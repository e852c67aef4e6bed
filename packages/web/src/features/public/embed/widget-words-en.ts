import { changesEn } from '../../../i18n/changes-en.ts';
import { embedEn } from '../../../i18n/embed-en.ts';
import { en } from '../../../i18n/en.ts';
import { liveEn } from '../../../i18n/live-en.ts';

/**
 * The stop widget's words in one language, a chunk of their own (widget-main.ts fetches the one
 * shown): the home's (directions, the loop and step-free marks, the holiday note), the service
 * changes' and the live buses' marks, and the widget's own. The same catalogues as the site's, so
 * the widget says what the home says.
 */
export const words = { home: en, changes: changesEn, live: liveEn, widget: embedEn.widget };

export type WidgetWords = typeof words;
