import type { z } from 'zod';
import { EntityId, intLike, isValidMonthDay, objectWhere, requiredText } from './fields.ts';
import { BaseVersion } from './versions.ts';

// Public holidays

/** A holiday as a save gives it, without a version (the old REST path; the holidays page's checks). */
export const SaveHolidayFields = objectWhere(
  { id: EntityId, name: requiredText('holidayName'), month: intLike(1, 12), day: intLike(1, 31) },
  (h) => isValidMonthDay(h.month, h.day),
  ['day'],
);
export type SaveHolidayFields = z.infer<typeof SaveHolidayFields>;

export const SaveHolidayInput = SaveHolidayFields.safeExtend({ baseVersion: BaseVersion });
export type SaveHolidayInput = z.infer<typeof SaveHolidayInput>;
