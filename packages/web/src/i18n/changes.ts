import { changesEn } from './changes-en.ts';
import { changesLt } from './changes-lt.ts';
import { useLanguage } from './index.ts';

/** The service change words in the language shown (changes-en.ts, changes-lt.ts). */
export function useChangesMessages() {
  return useLanguage() === 'lt' ? changesLt : changesEn;
}
