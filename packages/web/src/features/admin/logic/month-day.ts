import { daysInMonth } from '@bus/core';

/**
 * A month and day typed by hand (the holidays' date, shown as MM-DD): 'MM-DD' with one or two
 * digits each ('02-16', '2-16'), '.' or '/' in place of '-' ('02.16'), or four digits ('0216').
 * February has 29 days, as a holiday on 02-29 is allowed (core's isValidMonthDay).
 */
export type TypedMonthDay =
  | { kind: 'empty' }
  | { kind: 'ok'; month: number; day: number }
  /** Not in a form read as MM-DD. */
  | { kind: 'format' }
  /** Read as MM-DD, but no such month. */
  | { kind: 'month'; month: number }
  /** Read as MM-DD, but the month has no such day; `days`: how many it has. */
  | { kind: 'day'; month: number; day: number; days: number };

const SEPARATED = /^(\d{1,2})\s*[-./]\s*(\d{1,2})$/;
const COMPACT = /^(\d{2})(\d{2})$/;
/** Any year whose February has 29 days. */
const LEAP_YEAR = 2000;

export function parseMonthDay(text: string): TypedMonthDay {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = SEPARATED.exec(trimmed) ?? COMPACT.exec(trimmed);
  if (!match) return { kind: 'format' };
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12) return { kind: 'month', month };
  const days = daysInMonth(LEAP_YEAR, month);
  if (day < 1 || day > days) return { kind: 'day', month, day, days };
  return { kind: 'ok', month, day };
}
