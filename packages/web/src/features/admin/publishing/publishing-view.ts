import {
  type FeedProblem,
  type GtfsNotice,
  type KeyedMessage,
  keyOfValidationText,
  serverMessage,
  siteBase,
} from '@bus/core';
import type { PublishingData } from '../admin-api.tsx';

/**
 * The Publishing screen's plain logic (tested without a DOM): the form's model and what it
 * sends, which field a refused rule is about, and the feed's problems grouped the way staff
 * fix them.
 */

/** The settings as typed: every field text, the feed window too (as in its input). */
export interface PublishingDraft {
  siteUrl: string;
  publisherName: string;
  publisherContact: string;
  windowDays: string;
  /** One per operator the lines name, in the order the server lists them. */
  operators: { name: string; url: string; phone: string }[];
}

export function overviewToDraft(data: PublishingData): PublishingDraft {
  const { settings } = data;
  return {
    siteUrl: settings.siteUrl ?? '',
    publisherName: settings.publisherName ?? '',
    publisherContact: settings.publisherContact ?? '',
    windowDays: String(settings.windowDays),
    operators: data.operators.map((o) => ({ name: o.name, url: o.url ?? '', phone: o.phone ?? '' })),
  };
}

/** What the save sends (blank texts become null on the server; the window as typed). */
export function draftToInput(draft: PublishingDraft, baseSavedAt: string | null) {
  return {
    siteUrl: draft.siteUrl,
    publisherName: draft.publisherName,
    publisherContact: draft.publisherContact,
    operators: draft.operators.map((o) => ({ name: o.name, url: o.url, phone: o.phone })),
    windowDays: draft.windowDays.trim(),
    baseSavedAt,
  };
}

/** The id of a field's input, so a problem below can take the user to it. */
export function fieldId(path: string): string {
  return `publishing-${path.replaceAll('.', '-')}`;
}

/**
 * What is wrong with each field of a refused draft, by its path ('siteUrl', 'operators.0.url'):
 * the rule it breaks as the server would word it ('Input validation failed…' for a text with
 * nothing visible in it). The first issue of a field wins.
 */
export function fieldProblems(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Map<string, KeyedMessage> {
  const problems = new Map<string, KeyedMessage>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (problems.has(path)) continue;
    problems.set(path, keyOfValidationText(issue.message) ?? serverMessage('inputFailed'));
  }
  return problems;
}

/** Where planners download the feed: the site's address + /gtfs.zip; null while it is not set. */
export function feedAddress(siteUrl: string | null): string | null {
  return siteUrl === null || siteUrl.trim() === '' ? null : `${siteBase(siteUrl.trim())}/gtfs.zip`;
}

type Problem<K extends FeedProblem['kind']> = Extract<FeedProblem, { kind: K }>;

/** The feed's problems as the screen lists them: alike ones together, so ~200 stops stay one item. */
export type ProblemGroup =
  | Problem<'setting'>
  | Problem<'operatorUrl'>
  | { kind: 'lineOperator'; lines: { lineId: number; lineName: string }[] }
  | { kind: 'stopPosition'; count: number; first: { stopId: number; stopName: string }[] }
  | { kind: 'timesBackwards'; trips: Problem<'timesBackwards'>[] }
  | { kind: 'directionMismatch'; trips: Problem<'directionMismatch'>[] }
  | Problem<'noService'>
  | { kind: 'notice'; notices: GtfsNotice[] };

/** The order of the groups: this screen's own fields first, then the timetable's. */
const ORDER: readonly FeedProblem['kind'][] = [
  'setting',
  'operatorUrl',
  'lineOperator',
  'stopPosition',
  'timesBackwards',
  'directionMismatch',
  'noService',
  'notice',
];

/** How many stop names a missing-positions item names before 'and 185 more'. */
export const STOPS_NAMED = 5;

/**
 * Groups the problems: each setting and each operator on its own (each is one field to fill),
 * the lines without an operator, the stops without a position (counted, the first few named),
 * the trips whose times go backwards, those whose direction contradicts their stop order and
 * the validator's notices each as one item.
 */
export function groupProblems(problems: readonly FeedProblem[], stopsNamed = STOPS_NAMED): ProblemGroup[] {
  const byKind = <K extends FeedProblem['kind']>(kind: K) =>
    problems.filter((p): p is Problem<K> => p.kind === kind);
  const groups: ProblemGroup[] = [];
  for (const kind of ORDER) {
    switch (kind) {
      case 'setting':
      case 'operatorUrl':
        groups.push(...byKind(kind));
        break;
      case 'lineOperator': {
        const lines = byKind('lineOperator').map(({ lineId, lineName }) => ({ lineId, lineName }));
        if (lines.length > 0) groups.push({ kind, lines });
        break;
      }
      case 'stopPosition': {
        // A stop is named once, whatever repeats it.
        const stops = [
          ...new Map(
            byKind('stopPosition').map((p) => [p.stopId, { stopId: p.stopId, stopName: p.stopName }]),
          ).values(),
        ];
        if (stops.length > 0) groups.push({ kind, count: stops.length, first: stops.slice(0, stopsNamed) });
        break;
      }
      case 'timesBackwards': {
        const trips = byKind('timesBackwards');
        if (trips.length > 0) groups.push({ kind, trips });
        break;
      }
      case 'directionMismatch': {
        const trips = byKind('directionMismatch');
        if (trips.length > 0) groups.push({ kind, trips });
        break;
      }
      case 'noService':
        if (byKind('noService').length > 0) groups.push({ kind });
        break;
      case 'notice': {
        const notices = byKind('notice').map((p) => p.notice);
        if (notices.length > 0) groups.push({ kind, notices });
        break;
      }
    }
  }
  return groups;
}
