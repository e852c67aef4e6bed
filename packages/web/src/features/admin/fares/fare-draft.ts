import {
  type FareMethod,
  type FareRule,
  type KeyedMessage,
  keyOfValidationText,
  SaveFareRuleInput,
  serverMessage,
} from '@bus/core';
import type { Language } from '../../../i18n/index.ts';
import {
  centsToText,
  eurosToCents,
  kilometresToMeters,
  metersToKilometres,
  wholeNumber,
} from './amount-text.ts';

/**
 * A fare rule as the form edits it (issue 41): amounts and distances as typed (euros and
 * kilometres, a comma or a dot), stops as chosen (null: not yet). `checkRuleDraft` turns it into
 * what admin.fares.save takes, in cents and metres, and says what is wrong where, first what
 * only the browser can tell (a typed amount that is none), then core's schema, the server's own
 * check, so nothing is sent that the server would refuse for its form.
 */

export type MethodKind = FareMethod['kind'];

/** Rows carry a key of their own (React's, and stable: the draft compares equal to itself). */
export interface BandRow {
  key: number;
  km: string;
  price: string;
}

export interface PairRow {
  key: number;
  fromStopId: number | null;
  toStopId: number | null;
  price: string;
}

export interface FareRuleDraft {
  lineId: number | null;
  validFrom: string;
  kind: MethodKind;
  /** The flat fare, euros as typed. */
  flat: string;
  /** The price per kilometre, euros as typed. */
  perKm: string;
  /** The rounding step, whole cents as typed ('' or '1': to the cent). */
  rounding: string;
  /** The minimum fare, euros as typed ('': none). */
  minimum: string;
  bands: BandRow[];
  pairs: PairRow[];
}

/** A new rule: the line and date given (the filter's line, today), a flat fare to type. */
export function emptyRuleDraft(lineId: number | null, validFrom: string): FareRuleDraft {
  return {
    lineId,
    validFrom,
    kind: 'flat',
    flat: '',
    perKm: '',
    rounding: '1',
    minimum: '',
    bands: [],
    pairs: [],
  };
}

/** A stored rule as the form shows it, amounts written the way of the language shown. */
export function draftOfRule(rule: FareRule, language: Language): FareRuleDraft {
  const euros = (cents: number) => centsToText(cents, language);
  const { method } = rule;
  return {
    lineId: rule.lineId,
    validFrom: rule.validFrom,
    kind: method.kind,
    flat: method.kind === 'flat' ? euros(method.cents) : '',
    perKm: method.kind === 'perKm' ? euros(method.centsPerKm) : '',
    rounding: String(rule.roundingCents),
    minimum: rule.minimumCents > 0 ? euros(rule.minimumCents) : '',
    bands:
      method.kind === 'bands'
        ? method.bands.map((band, i) => ({
            key: i + 1,
            km: metersToKilometres(band.upToMeters, language),
            price: euros(band.cents),
          }))
        : [],
    pairs: rule.pairs.map((pair, i) => ({
      key: i + 1,
      fromStopId: pair.fromStopId,
      toStopId: pair.toStopId,
      price: euros(pair.cents),
    })),
  };
}

/** The key of a row added to `rows`. */
export function nextRowKey(rows: readonly { key: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.key), 0) + 1;
}

/** What the browser alone finds wrong with a field (worded by the screen, fares.*). */
export type LocalProblem =
  | { kind: 'line' }
  | { kind: 'amount'; text: string }
  | { kind: 'amountRequired' }
  | { kind: 'distance'; text: string }
  | { kind: 'distanceRequired' }
  | { kind: 'stops' };

/** A field's problem: the browser's own, or one of core's messages (the server's words). */
export type RuleProblem = { local: LocalProblem } | { keyed: KeyedMessage };

export interface RuleCheck {
  /** The input to send, when nothing is wrong. */
  input: SaveFareRuleInput | null;
  /**
   * Each problem at its field, in the form's order: 'lineId', 'validFrom', 'method.cents',
   * 'method.centsPerKm', 'roundingCents', 'minimumCents', 'method.bands' (the bands as a whole),
   * 'method.bands.1.upToMeters', 'method.bands.1.cents', 'pairs' (as a whole), 'pairs.0.stops',
   * 'pairs.0.cents'.
   */
  problems: Map<string, RuleProblem>;
}

/** Where the schema's issue is shown: a pair's two stops are one place. */
function fieldOf(path: readonly PropertyKey[]): string {
  const at = path.map(String);
  if (at[0] === 'pairs' && at.length === 3 && (at[2] === 'fromStopId' || at[2] === 'toStopId'))
    return `pairs.${at[1]}.stops`;
  return at.join('.');
}

/** The draft as admin.fares.save takes it, or the problems that keep it from being sent. */
export function checkRuleDraft(draft: FareRuleDraft, id: number | null, baseVersion: number): RuleCheck {
  const problems = new Map<string, RuleProblem>();
  const local = (path: string, problem: LocalProblem) => {
    if (!problems.has(path)) problems.set(path, { local: problem });
  };
  /** Cents of a typed amount; NaN (never sent) when it is none, null when blank and optional. */
  const cents = (path: string, text: string, required: boolean): number | null => {
    const typed = text.trim();
    if (typed === '') {
      if (!required) return null;
      local(path, { kind: 'amountRequired' });
      return Number.NaN;
    }
    const value = eurosToCents(typed);
    if (value === null) local(path, { kind: 'amount', text: typed });
    return value ?? Number.NaN;
  };
  const meters = (path: string, text: string): number => {
    const typed = text.trim();
    if (typed === '') {
      local(path, { kind: 'distanceRequired' });
      return Number.NaN;
    }
    const value = kilometresToMeters(typed);
    if (value === null) local(path, { kind: 'distance', text: typed });
    return value ?? Number.NaN;
  };

  if (draft.lineId === null) local('lineId', { kind: 'line' });
  let method: unknown;
  if (draft.kind === 'flat') method = { kind: 'flat', cents: cents('method.cents', draft.flat, true) };
  else if (draft.kind === 'perKm')
    method = { kind: 'perKm', centsPerKm: cents('method.centsPerKm', draft.perKm, true) };
  else
    method = {
      kind: 'bands',
      bands: draft.bands.map((band, i) => ({
        upToMeters: meters(`method.bands.${i}.upToMeters`, band.km),
        cents: cents(`method.bands.${i}.cents`, band.price, true),
      })),
    };
  // Rounding and a minimum apply to distance fares only: a flat fare is sent without them.
  const distanceFare = draft.kind !== 'flat';
  const minimumCents = distanceFare ? cents('minimumCents', draft.minimum, false) : null;
  const pairs = draft.pairs.map((pair, i) => {
    if (pair.fromStopId === null || pair.toStopId === null) local(`pairs.${i}.stops`, { kind: 'stops' });
    return {
      fromStopId: pair.fromStopId ?? 0,
      toStopId: pair.toStopId ?? 0,
      cents: cents(`pairs.${i}.cents`, pair.price, true),
    };
  });
  const raw = {
    id,
    lineId: draft.lineId ?? 0,
    validFrom: draft.validFrom,
    method,
    roundingCents: distanceFare ? wholeNumber(draft.rounding) : null,
    minimumCents,
    pairs,
    baseVersion,
  };

  const result = SaveFareRuleInput.safeParse(raw);
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      if (!problems.has(field))
        problems.set(field, { keyed: keyOfValidationText(issue.message) ?? serverMessage('inputFailed') });
    }
  return { input: result.success && problems.size === 0 ? result.data : null, problems };
}
