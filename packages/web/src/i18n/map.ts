import { useLanguage } from './index.ts';
import { mapEn } from './map-en.ts';
import { mapLt } from './map-lt.ts';

/** The map words in the language shown (map-en.ts, map-lt.ts). */
export function useMapMessages() {
  return useLanguage() === 'lt' ? mapLt : mapEn;
}
