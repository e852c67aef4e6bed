import { addDays, PUNCTUALITY_DEFAULTS, type PunctualityReport } from '@bus/core';

/*
 * The plain parts of the Live page (live-page.tsx): the period it opens with, what the form's
 * fields make of the report's input, how shares and minutes are written, the CSV's file name.
 */

/** The form as typed: dates 'YYYY-MM-DD' (or '' while cleared), bounds as the number fields hold them. */
export interface PunctualityForm {
  from: string;
  until: string;
  early: string;
  late: string;
}

/** The last 7 days, today included, with the default bounds. */
export function defaultForm(today: string): PunctualityForm {
  return {
    from: addDays(today, -6),
    until: today,
    early: String(PUNCTUALITY_DEFAULTS.earlyMinutes),
    late: String(PUNCTUALITY_DEFAULTS.lateMinutes),
  };
}

/**
 * The report's input from the form. A bound that is not a number is sent as typed, so that the
 * server's message (in the page's language) says what is wrong with it, as it does for a date.
 */
export function punctualityInput(form: PunctualityForm): {
  from: string;
  until: string;
  earlyMinutes: number | string;
  lateMinutes: number | string;
} {
  const bound = (text: string) => {
    const trimmed = text.trim();
    const n = Number(trimmed);
    return trimmed !== '' && Number.isFinite(n) ? n : trimmed;
  };
  return {
    from: form.from,
    until: form.until,
    earlyMinutes: bound(form.early),
    lateMinutes: bound(form.late),
  };
}

const percents = new Map<string, Intl.NumberFormat>();
const tenths = new Map<string, Intl.NumberFormat>();

function formatterOf(
  kept: Map<string, Intl.NumberFormat>,
  locale: string,
  options: Intl.NumberFormatOptions,
) {
  let formatter = kept.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, options);
    kept.set(locale, formatter);
  }
  return formatter;
}

/** A share as a whole percentage in the locale's way ('87%', '87 %'); '–' for none. */
export function shareText(locale: string, share: number | null): string {
  if (share === null) return '–';
  return formatterOf(percents, locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Minutes to one decimal in the locale's way ('1.5', '1,5', '-0.5'); '–' for none. */
export function minutesText(locale: string, minutes: number | null): string {
  if (minutes === null) return '–';
  return formatterOf(tenths, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(minutes);
}

/** 'punctuality-2026-11-23-2026-11-29.csv' */
export function csvFileName(report: Pick<PunctualityReport, 'from' | 'until'>): string {
  return `punctuality-${report.from}-${report.until}.csv`;
}
