import { z } from 'zod';
import { storedDateProblem } from '../date-bounds.ts';
import {
  MAX_BAND_METERS,
  MAX_FARE_BANDS,
  MAX_FARE_CENTS,
  MAX_PAIR_FARES,
  MAX_ROUNDING_CENTS,
  MAX_THROUGH_CHANGE_MINUTES,
} from '../fares/fare-limits.ts';
import type { Concession, FareRule } from '../fares/fares.ts';
import type { ThroughFare } from '../fares/journey-fares.ts';
import { englishMessage, type FareProblem, serverMessage } from '../server-messages.ts';
import { checkText, EntityId, failed, intLike, MAX_ID, toInteger } from './fields.ts';
import { BaseVersion } from './versions.ts';

// Fares (issue 41): a line's fare rules and the concessions. What a ride costs is core's
// fares/fares.ts; these are the checks of what staff save. Money in whole cents, distances in
// metres. What needs the database (the line exists, the pair's stops are on its routes, one
// rule per line and date) is the service's to check.

const problemText = (problem: FareProblem) => englishMessage(serverMessage('fareInvalid', { problem }));
const fareProblem = (problem: FareProblem) => ({ message: problemText(problem) });

/** A whole number in [min, max]; anything else (a fraction, text, out of range) gets `problem`'s message. */
function wholeNumber(min: number, max: number, problem: FareProblem) {
  const message = fareProblem(problem);
  return z
    .number({ error: problemText(problem) })
    .int(message)
    .min(min, message)
    .max(max, message);
}

/** A price in whole cents, 0 to MAX_FARE_CENTS. */
const Cents = wholeNumber(0, MAX_FARE_CENTS, 'cents');

/** 'YYYY-MM-DD', a calendar date within the dates staff may save (STORED_DATES). */
const ValidFrom = z.string({ error: problemText('validFromRequired') }).transform((value, ctx): string => {
  const text = value.trim();
  const problem = text === '' ? problemText('validFromRequired') : storedDateProblem(text);
  if (problem === null) return text;
  ctx.issues.push({ code: 'custom', message: problem, input: value });
  return z.NEVER;
});

const FareBandInput = z.object(
  { upToMeters: wholeNumber(1, MAX_BAND_METERS, 'bandDistance'), cents: Cents },
  failed,
);

/** How the line's fare is worked out: one price, a price per kilometre, or distance bands (ascending). */
export const FareMethodInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('flat'), cents: Cents }, failed),
    z.object({ kind: z.literal('perKm'), centsPerKm: Cents }, failed),
    z.object(
      {
        kind: z.literal('bands'),
        bands: z
          .array(FareBandInput, failed)
          .min(1, fareProblem('bandsRequired'))
          .max(MAX_FARE_BANDS, fareProblem('tooMany'))
          .superRefine((bands, ctx) => {
            bands.forEach((band, index) => {
              const before = bands[index - 1];
              if (before !== undefined && band.upToMeters <= before.upToMeters)
                ctx.addIssue({ code: 'custom', ...fareProblem('bandsOrder'), path: [index, 'upToMeters'] });
            });
          }),
      },
      failed,
    ),
  ],
  failed,
);
export type FareMethodInput = z.infer<typeof FareMethodInput>;

const PairFareInput = z.object(
  { fromStopId: intLike(1, MAX_ID), toStopId: intLike(1, MAX_ID), cents: Cents },
  failed,
);

/** Two different stops, each pair of stops once (either way round: a return ride costs the same). */
const PairFares = z
  .array(PairFareInput, failed)
  .max(MAX_PAIR_FARES, fareProblem('tooMany'))
  .nullish()
  .transform((pairs) => pairs ?? [])
  .superRefine((pairs, ctx) => {
    const seen = new Set<string>();
    pairs.forEach((pair, index) => {
      if (pair.fromStopId === pair.toStopId) {
        ctx.addIssue({ code: 'custom', ...fareProblem('pairSame'), path: [index, 'toStopId'] });
        return;
      }
      const key = `${Math.min(pair.fromStopId, pair.toStopId)}-${Math.max(pair.fromStopId, pair.toStopId)}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', ...fareProblem('pairTwice'), path: [index, 'toStopId'] });
      seen.add(key);
    });
  });

const ruleShape = {
  /** null (or a negative temporary id) for a new rule. */
  id: EntityId,
  lineId: intLike(1, MAX_ID),
  validFrom: ValidFrom,
  method: FareMethodInput,
  /** A distance fare is rounded (half up) to a multiple of this; missing: to the cent. */
  roundingCents: wholeNumber(1, MAX_ROUNDING_CENTS, 'rounding')
    .nullish()
    .transform((value) => value ?? 1),
  /** A distance fare is never below this; missing: no minimum. */
  minimumCents: Cents.nullish().transform((value) => value ?? 0),
  pairs: PairFares,
};

/** A fare rule as a save gives it, without the version. */
export const SaveFareRuleFields = z.object(ruleShape, failed);
export type SaveFareRuleFields = z.infer<typeof SaveFareRuleFields>;

/** A fare rule as the fares screen saves it: with the version it was made from (0 for a new one). */
export const SaveFareRuleInput = z.object({ ...ruleShape, baseVersion: BaseVersion }, failed);
export type SaveFareRuleInput = z.infer<typeof SaveFareRuleInput>;

/** The fare rules of one line, or of every line. */
export const FareRulesListInput = z
  .object({ lineId: intLike(1, MAX_ID).nullish() }, failed)
  .nullish()
  .transform((v) => ({ lineId: v?.lineId ?? null }));
export type FareRulesListInput = z.infer<typeof FareRulesListInput>;

/** A concession's name: required (its own message when blank), else under the text rules. */
function concessionName(blank: FareProblem) {
  return z.string({ error: problemText(blank) }).transform((raw, ctx): string => {
    if (raw.trim() === '') {
      ctx.issues.push({ code: 'custom', message: problemText(blank), input: raw });
      return z.NEVER;
    }
    return checkText('concessionName', raw, true, ctx) as string;
  });
}

const concessionShape = {
  id: EntityId,
  nameLt: concessionName('nameLtRequired'),
  nameEn: concessionName('nameEnRequired'),
  /** The share of the fare the rider pays. */
  percent: wholeNumber(0, 100, 'percent'),
};

/** A concession as a save gives it, without the version. */
export const SaveConcessionFields = z.object(concessionShape, failed);
export type SaveConcessionFields = z.infer<typeof SaveConcessionFields>;

export const SaveConcessionInput = z.object({ ...concessionShape, baseVersion: BaseVersion }, failed);
export type SaveConcessionInput = z.infer<typeof SaveConcessionInput>;

/** A fare rule as the history keeps it and the screen shows it, with the version it saves against. */
export type VersionedFareRule = FareRule & { version: number };
export type VersionedConcession = Concession & { version: number };

// ---- Through fares ----------------------------------------------------------------------

/** An id staff choose (a line, a stop): missing or none gets `problem`'s message. */
function chosenId(problem: FareProblem) {
  const message = problemText(problem);
  return z
    .union([z.number({ error: message }), z.string({ error: message })], { error: message })
    .transform((value, ctx) => {
      const n = toInteger(value);
      if (Number.isNaN(n) || n < 1) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    });
}

const throughShape = {
  /** null (or a negative temporary id) for a new through fare. */
  id: EntityId,
  /** The first line and the stop the journey starts at on it. */
  fromLineId: chosenId('throughLineRequired'),
  fromStopId: chosenId('throughStopRequired'),
  /** The second line and the stop the journey ends at on it. */
  toLineId: chosenId('throughLineRequired'),
  toStopId: chosenId('throughStopRequired'),
  validFrom: ValidFrom,
  /** The price of the whole journey. */
  cents: Cents,
  /** The most minutes from the first bus's arrival to the second bus's departure. */
  changeMinutes: wholeNumber(1, MAX_THROUGH_CHANGE_MINUTES, 'changeMinutes'),
};

/** Two different lines (a change), two different stops (a journey). */
function checkThroughEnds(
  fare: { fromLineId: number; toLineId: number; fromStopId: number; toStopId: number },
  ctx: z.RefinementCtx,
) {
  if (fare.fromLineId === fare.toLineId)
    ctx.addIssue({ code: 'custom', ...fareProblem('throughSameLine'), path: ['toLineId'] });
  if (fare.fromStopId === fare.toStopId)
    ctx.addIssue({ code: 'custom', ...fareProblem('throughSameStop'), path: ['toStopId'] });
}

/** A through fare as a save gives it, without the version (fares/journey-fares.ts says what it prices). */
export const SaveThroughFareFields = z.object(throughShape, failed).superRefine(checkThroughEnds);
export type SaveThroughFareFields = z.infer<typeof SaveThroughFareFields>;

/** A through fare as the fares screen saves it: with the version it was made from (0 for a new one). */
export const SaveThroughFareInput = z
  .object({ ...throughShape, baseVersion: BaseVersion }, failed)
  .superRefine(checkThroughEnds);
export type SaveThroughFareInput = z.infer<typeof SaveThroughFareInput>;

export type VersionedThroughFare = ThroughFare & { version: number };
