import type { Language } from '../../../i18n/index.ts';

/** Metres or kilometres, as the language writes them ('850 m', '1.4 km' / '1,4 km'). */
export function distanceText(meters: number, language: Language): string {
  const km = meters >= 1000;
  return new Intl.NumberFormat(language === 'lt' ? 'lt-LT' : 'en-GB', {
    style: 'unit',
    unit: km ? 'kilometer' : 'meter',
    maximumFractionDigits: km ? 1 : 0,
  }).format(km ? meters / 1000 : meters);
}
