import {
  ALERT_CAUSES,
  ALERT_EFFECTS,
  DomainError,
  isIsoDate,
  type ServiceChange,
  ServiceChangeFields,
  systemClock,
  UNVERSIONED,
} from '@bus/core';
import {
  getServiceChanges,
  removeServiceChange,
  saveServiceChange,
} from '../services/admin/service-changes.ts';
import type { CliArgs, CliCommand, CliContext } from './commands.ts';
import { CLI_USERNAME } from './gtfs-commands.ts';

/**
 * Service changes from the command line (issue 27): cancel a trip on dates, add a notice, list
 * and remove changes. Every write goes through the admin board's own save and delete (the same
 * checks, a version, a history entry naming the command line); an argument the change cannot
 * take stops the command before anything is written, and the error names that argument.
 */

const actor = { username: CLI_USERNAME, via: 'admin', clock: systemClock } as const;

/** Where each field of a change comes from on the command line (for the error naming it). */
const ARGUMENT_OF: Record<string, string> = {
  from: '--from',
  until: '--until',
  lineIds: '--line',
  stopIds: '--stop',
  tripIds: '--trip',
  reason: '--reason',
  titleLt: '--title',
  textLt: '--text',
  titleEn: '--title-en',
  textEn: '--text-en',
  cause: '--cause',
  effect: '--effect',
  url: '--url',
};

class ArgumentError extends Error {
  constructor(argument: string, problem: string) {
    super(`${argument}: ${problem}; nothing was changed`);
  }
}

/** A stored id: a whole number from 1 up. */
function idArgument(argument: string, value: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1)
    throw new ArgumentError(argument, `${JSON.stringify(value)} is not an id (a whole number from 1)`);
  return Number(value);
}

function dateArgument(argument: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!isIsoDate(value))
    throw new ArgumentError(argument, `${JSON.stringify(value)} is not a calendar date written YYYY-MM-DD`);
  return value;
}

/** A GTFS-Realtime cause or effect, written as in the feed ('CONSTRUCTION') or in lower case. */
function enumArgument<T extends string>(
  argument: string,
  value: string | undefined,
  allowed: readonly T[],
): T | null {
  if (value === undefined) return null;
  const name = value.trim().toUpperCase().replace(/[-\s]/g, '_');
  const found = allowed.find((a) => a === name);
  if (found === undefined)
    throw new ArgumentError(argument, `${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
  return found;
}

const text = (value: string | boolean | (string | boolean)[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
const many = (value: string | boolean | (string | boolean)[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === 'string',
  );

/** Checks the change as the admin board's save does; the first problem names its argument. */
function checked(
  input: Record<string, unknown>,
  positional: Record<string, string> = {},
): ServiceChangeFields {
  const result = ServiceChangeFields.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  throw new ArgumentError(positional[field] ?? ARGUMENT_OF[field] ?? field, issue?.message ?? 'not valid');
}

/** A write of the admin board's service; its refusal (unknown trip, ...) says nothing was changed. */
async function refusedSaysSo<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DomainError) throw new Error(`${error.message}; nothing was changed`);
    throw error;
  }
}

async function saved(context: CliContext, fields: ServiceChangeFields): Promise<ServiceChange> {
  const db = await context.database({ mustExist: true });
  return refusedSaysSo(() => saveServiceChange(db, actor, { ...fields, baseVersion: UNVERSIONED }));
}

const period = (c: Pick<ServiceChange, 'from' | 'until'>) =>
  c.from === null && c.until === null
    ? 'no dates'
    : c.from === c.until
      ? (c.from ?? '')
      : `${c.from ?? '…'} to ${c.until ?? '…'}`;

/** One line of the list: id, status, kind, dates, what it names, title. */
function changeLine(c: ServiceChange & { status: string }): string {
  const names = [
    ...c.lineIds.map((id) => `line ${id}`),
    ...c.tripIds.map((id) => `trip ${id}`),
    ...c.stopIds.map((id) => `stop ${id}`),
  ];
  return [
    String(c.id).padStart(5),
    c.status.padEnd(8),
    c.kind.padEnd(7),
    period(c).padEnd(24),
    names.length === 0 ? 'whole network' : names.join(', '),
    `“${c.titleLt}”`,
  ].join('  ');
}

const noticeOptions = {
  title: { type: 'string' },
  text: { type: 'string' },
  'title-en': { type: 'string' },
  'text-en': { type: 'string' },
  from: { type: 'string' },
  until: { type: 'string' },
  line: { type: 'string', multiple: true },
  stop: { type: 'string', multiple: true },
  trip: { type: 'string', multiple: true },
  cause: { type: 'string' },
  effect: { type: 'string' },
  url: { type: 'string' },
} as const;

function noticeInput({ values }: CliArgs): Record<string, unknown> {
  if (text(values.title) === undefined)
    throw new ArgumentError('--title', 'a notice needs a title in Lithuanian');
  return {
    id: null,
    kind: 'notice',
    titleLt: text(values.title),
    textLt: text(values.text),
    titleEn: text(values['title-en']),
    textEn: text(values['text-en']),
    from: dateArgument('--from', text(values.from)),
    until: dateArgument('--until', text(values.until)),
    lineIds: many(values.line).map((v) => idArgument('--line', v)),
    stopIds: many(values.stop).map((v) => idArgument('--stop', v)),
    tripIds: many(values.trip).map((v) => idArgument('--trip', v)),
    cause: enumArgument('--cause', text(values.cause), ALERT_CAUSES),
    effect: enumArgument('--effect', text(values.effect), ALERT_EFFECTS),
    url: text(values.url),
  };
}

export const changeCommands: CliCommand[] = [
  {
    name: 'cancel-trip',
    synopsis: '<tripId> <YYYY-MM-DD> [--until YYYY-MM-DD] [--reason TEXT]',
    summary: 'cancel a trip on a date (or through --until); its notice is written from what it does',
    options: { until: { type: 'string' }, reason: { type: 'string' } },
    positionals: ['the trip id', 'the date'],
    async run(context, { positionals, values }) {
      const [trip = '', date = ''] = positionals;
      const fields = checked(
        {
          id: null,
          kind: 'cancel',
          tripIds: [idArgument('<tripId>', trip)],
          from: dateArgument('<YYYY-MM-DD>', date),
          until: dateArgument('--until', text(values.until)),
          reason: text(values.reason),
        },
        { from: '<YYYY-MM-DD>', tripIds: '<tripId>' },
      );
      const change = await saved(context, fields);
      context.out(`saved service change ${change.id}: ${change.titleLt} (${period(change)})`);
      return 0;
    },
  },
  {
    name: 'notice add',
    synopsis: '--title TEXT [--from DATE] [--until DATE] [--line|--stop|--trip ID]...',
    summary:
      'add a notice (the whole network unless lines, stops or trips are named); also --text, --title-en, --text-en, --cause, --effect, --url',
    options: noticeOptions,
    positionals: [],
    async run(context, args) {
      const change = await saved(context, checked(noticeInput(args)));
      context.out(`saved service change ${change.id}: ${change.titleLt} (${period(change)})`);
      return 0;
    },
  },
  {
    name: 'changes list',
    synopsis: '[--json]',
    summary: 'list the service changes, newest first (--json: as the admin board reads them)',
    options: { json: { type: 'boolean' } },
    positionals: [],
    async run(context, { values }) {
      const db = await context.database({ mustExist: true });
      const list = await getServiceChanges(db, systemClock, { lineId: null, date: null });
      if (values.json === true) {
        context.out(JSON.stringify(list, null, 2));
        return 0;
      }
      if (list.items.length === 0) context.out('no service changes');
      for (const change of list.items) context.out(changeLine(change));
      return 0;
    },
  },
  {
    name: 'changes remove',
    synopsis: '<id>',
    summary: 'remove a service change (its undo; the history keeps it)',
    positionals: ['the change id'],
    async run(context, { positionals }) {
      const id = idArgument('<id>', positionals[0] ?? '');
      const db = await context.database({ mustExist: true });
      await refusedSaysSo(() => removeServiceChange(db, actor, { id, baseVersion: UNVERSIONED }));
      context.out(`removed service change ${id}`);
      return 0;
    },
  },
];
