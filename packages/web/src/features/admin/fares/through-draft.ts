import {
  compareLt,
  formatEuros,
  keyOfValidationText,
  SaveThroughFareInput,
  serverMessage,
  type ThroughFare,
  throughJourneyKey,
} from '@bus/core';
import type { AdminMessages } from '../../../i18n/admin.ts';
import type { Language } from '../../../i18n/index.ts';
import { centsToText, eurosToCents, wholeNumber } from './amount-text.ts';
import type { RuleProblem } from './fare-draft.ts';
import type { RuleStatus } from './fare-list.ts';

/**
 * A through fare as the form edits it (issue 41; what it prices is core's
 * fares/journey-fares.ts): lines and stops as chosen (null: not yet), the price in euros and the
 * change time in minutes as typed. `checkThroughDraft` turns it into what admin.throughFares.save
 * takes and says what is wrong where: first what only the browser can tell (a typed amount that
 * is none), then core's schema, the server's own check.
 */
export interface ThroughFareDraft {
  fromLineId: number | null;
  fromStopId: number | null;
  toLineId: number | null;
  toStopId: number | null;
  validFrom: string;
  /** The whole journey's price, euros as typed. */
  price: string;
  /** Whole minutes as typed. */
  changeMinutes: string;
}

/** A new through fare: from the day given (today), an hour to change in. */
export function emptyThroughDraft(validFrom: string): ThroughFareDraft {
  return {
    fromLineId: null,
    fromStopId: null,
    toLineId: null,
    toStopId: null,
    validFrom,
    price: '',
    changeMinutes: '60',
  };
}

/** A stored through fare as the form shows it, the price written the way of the language shown. */
export function draftOfThroughFare(fare: ThroughFare, language: Language): ThroughFareDraft {
  return {
    fromLineId: fare.fromLineId,
    fromStopId: fare.fromStopId,
    toLineId: fare.toLineId,
    toStopId: fare.toStopId,
    validFrom: fare.validFrom,
    price: centsToText(fare.cents, language),
    changeMinutes: String(fare.changeMinutes),
  };
}

export interface ThroughCheck {
  /** The input to send, when nothing is wrong. */
  input: SaveThroughFareInput | null;
  /**
   * Each problem at its field, in the form's order: 'fromLineId', 'fromStopId', 'toLineId',
   * 'toStopId', 'validFrom', 'cents', 'changeMinutes'.
   */
  problems: Map<string, RuleProblem>;
}

/** The draft as admin.throughFares.save takes it, or the problems that keep it from being sent. */
export function checkThroughDraft(
  draft: ThroughFareDraft,
  id: number | null,
  baseVersion: number,
): ThroughCheck {
  const problems = new Map<string, RuleProblem>();
  const typed = draft.price.trim();
  let cents: number = Number.NaN;
  if (typed === '') problems.set('cents', { local: { kind: 'amountRequired' } });
  else {
    const value = eurosToCents(typed);
    if (value === null) problems.set('cents', { local: { kind: 'amount', text: typed } });
    else cents = value;
  }
  const result = SaveThroughFareInput.safeParse({
    id,
    fromLineId: draft.fromLineId,
    fromStopId: draft.fromStopId,
    toLineId: draft.toLineId,
    toStopId: draft.toStopId,
    validFrom: draft.validFrom,
    // A price already found wrong above is sent as 0 to the schema, which then says nothing more of it.
    cents: Number.isNaN(cents) ? 0 : cents,
    changeMinutes: wholeNumber(draft.changeMinutes) ?? Number.NaN,
    baseVersion,
  });
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!problems.has(field))
        problems.set(field, { keyed: keyOfValidationText(issue.message) ?? serverMessage('inputFailed') });
    }
  const order = ['fromLineId', 'fromStopId', 'toLineId', 'toStopId', 'validFrom', 'cents', 'changeMinutes'];
  const sorted = new Map(
    [...problems].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b) || a.localeCompare(b)),
  );
  return { input: result.success && problems.size === 0 ? result.data : null, problems: sorted };
}

/** Names of lines and stops by id (an id where one is not known). */
export interface Names {
  line: (id: number) => string;
  stop: (id: number) => string;
}

export interface JourneyGroup<F extends ThroughFare> {
  key: string;
  /** The journey as its first through fare was entered: its stops and lines. */
  from: string;
  to: string;
  fromLine: string;
  toLine: string;
  /** Its prices by date, each with where it stands. */
  fares: { fare: F; status: RuleStatus }[];
}

/**
 * The through fares grouped by journey (either way round is one journey, core's
 * throughJourneyKey), the journeys by their stops' names, each journey's prices by date: the
 * latest one not after `today` is in force, the later ones are upcoming, the earlier ones
 * replaced (as core's throughFareOn picks the one of a day).
 */
export function throughFaresByJourney<F extends ThroughFare>(
  fares: readonly F[],
  names: Names,
  today: string,
): JourneyGroup<F>[] {
  const byKey = new Map<string, F[]>();
  for (const fare of [...fares].sort((a, b) => a.id - b.id)) {
    const key = throughJourneyKey(fare);
    byKey.set(key, [...(byKey.get(key) ?? []), fare]);
  }
  const groups = [...byKey].map(([key, ofJourney]): JourneyGroup<F> => {
    const first = ofJourney[0] as F;
    const sorted = [...ofJourney].sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.id - b.id);
    const inForce = sorted.findLast((fare) => fare.validFrom <= today);
    return {
      key,
      from: names.stop(first.fromStopId),
      to: names.stop(first.toStopId),
      fromLine: names.line(first.fromLineId),
      toLine: names.line(first.toLineId),
      fares: sorted.map((fare) => ({
        fare,
        status: fare === inForce ? 'current' : fare.validFrom > today ? 'upcoming' : 'past',
      })),
    };
  });
  return groups.sort(
    (a, b) => compareLt(a.from, b.from) || compareLt(a.to, b.to) || a.key.localeCompare(b.key),
  );
}

/** A through fare in words, as the list shows it: '€2.90 for the whole journey, changing within 60 min'. */
export function throughFareInWords(
  fare: Pick<ThroughFare, 'cents' | 'changeMinutes'>,
  words: AdminMessages['fares']['through']['words'],
  language: Language,
): string {
  return words.price(formatEuros(fare.cents, language), fare.changeMinutes);
}
