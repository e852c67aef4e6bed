import { changesLt } from '../../../i18n/changes-lt.ts';
import { embedLt } from '../../../i18n/embed-lt.ts';
import { liveLt } from '../../../i18n/live-lt.ts';
import { lt } from '../../../i18n/lt.ts';
import type { WidgetWords } from './widget-words-en.ts';

/** The stop widget's words in one language, a chunk of their own (widget-main.ts fetches the one shown). */
export const words: WidgetWords = { home: lt, changes: changesLt, live: liveLt, widget: embedLt.widget };
