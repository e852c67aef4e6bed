import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { failed, intLike, MAX_ID } from './fields.ts';
import { BaseVersion } from './versions.ts';

// Changes between buses (issue 30): each stop's own minimum change time and the change places.

/** The most minutes a change time or a walk may be. */
export const MAX_CHANGE_MINUTES = 60;

const StopChangeMinutes = z.object(
  { stopId: intLike(1, MAX_ID), minutes: intLike(0, MAX_CHANGE_MINUTES) },
  failed,
);

const ChangePlaceInput = z.object(
  { stopA: intLike(1, MAX_ID), stopB: intLike(1, MAX_ID), walkMinutes: intLike(0, MAX_CHANGE_MINUTES) },
  failed,
);

/**
 * The whole set (what is left out is removed): a stop at most once among the change times, a
 * place's two stops different, and each pair of stops at most once (either way round).
 */
export const SaveChangeRulesFields = z
  .object(
    { stopMinutes: z.array(StopChangeMinutes, failed), places: z.array(ChangePlaceInput, failed) },
    failed,
  )
  .superRefine(({ stopMinutes, places }, ctx) => {
    const stops = new Set<number>();
    stopMinutes.forEach((s, index) => {
      if (stops.has(s.stopId))
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.inputFailed,
          path: ['stopMinutes', index, 'stopId'],
        });
      stops.add(s.stopId);
    });
    const pairs = new Set<string>();
    places.forEach((p, index) => {
      const key = `${Math.min(p.stopA, p.stopB)}-${Math.max(p.stopA, p.stopB)}`;
      if (p.stopA === p.stopB || pairs.has(key))
        ctx.addIssue({ code: 'custom', message: MESSAGES.inputFailed, path: ['places', index, 'stopB'] });
      pairs.add(key);
    });
  });
export type SaveChangeRulesFields = z.infer<typeof SaveChangeRulesFields>;

/** The settings as stored and shown. */
export interface ChangeRulesSettings {
  stopMinutes: { stopId: number; minutes: number }[];
  places: { stopA: number; stopB: number; walkMinutes: number }[];
}

/** The settings with the version the screen loaded. */
export const SaveChangeRulesInput = SaveChangeRulesFields.safeExtend({ baseVersion: BaseVersion });
export type SaveChangeRulesInput = z.infer<typeof SaveChangeRulesInput>;
