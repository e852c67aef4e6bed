import { loadPageMessages, switchLanguage } from '../i18n/index.ts';

// Components read the catalogue of the language shown; tests run in English, the spec's words.
await switchLanguage('en');
await loadPageMessages();
