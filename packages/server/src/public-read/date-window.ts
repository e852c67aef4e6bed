import { DomainError, isIsoDate, publicDates, serverMessage } from '@bus/core';
import type { ReadContext } from './read-context.ts';

/**
 * Refuses a date a public page asks for outside the dates it answers for (two years back to
 * next year around today in Vilnius: PUBLIC_YEARS, core's date-bounds.ts) with 400,
 * dateOutsideWindow naming them.
 * Each date asked for may work out a service day and be kept with the data: no request may
 * ask for centuries of them, and none may reach the years where date arithmetic ends. A date
 * that is not one is left to the caller (today on the departures, refused by the schemas
 * elsewhere); no date (null) means today.
 */
export function checkPublicDate(read: ReadContext, date: string | null | undefined): void {
  if (date === null || date === undefined || !isIsoDate(date)) return;
  const window = publicDates(read.now.date);
  if (date < window.from || date > window.to)
    throw new DomainError('INVALID_INPUT', serverMessage('dateOutsideWindow', window));
}
