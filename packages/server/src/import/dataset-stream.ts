import {
  checkDatasetReferences,
  DatasetConcession,
  DatasetFareRule,
  DatasetHoliday,
  DatasetLine,
  DatasetSchedule,
  DatasetStop,
  DatasetThroughFare,
  DatasetYearlyRule,
  formatTime,
  TimetableDataset,
} from '@bus/core';
import type { TimetableSink } from '@bus/db';
import type { z } from 'zod';
import { DatasetFormatError, formatIssues } from './dataset-json.ts';
import type { DatasetSchedule as Schedule, DatasetTrip as Trip } from './dataset-parts.ts';
import { JsonSyntaxError, lineAndColumn, readTopLevel } from './json-top-level.ts';

/**
 * The project's JSON format read as a stream: each stop, line, schedule... is checked against its
 * part of the format as it is read and handed to a sink (the database write) at once, and only
 * a compact outline of the timetable is kept: everything but the trips' times, which are kept
 * as minutes in one Uint16Array (2 bytes a stop time instead of a string and a pointer). The
 * outline is a TimetableDataset to every reader (a trip's timeList is made when asked for), so
 * the reference check and the timetable check run over it unchanged.
 */

const ELEMENT_SCHEMAS: Partial<Record<keyof TimetableDataset, z.ZodType>> = {
  stops: DatasetStop,
  holidays: DatasetHoliday,
  yearlyRules: DatasetYearlyRule,
  lines: DatasetLine,
  schedules: DatasetSchedule,
  // Issue 41: fares.
  fareRules: DatasetFareRule,
  concessions: DatasetConcession,
  throughFares: DatasetThroughFare,
};

const SHAPE_KEYS = Object.keys(TimetableDataset.shape) as (keyof TimetableDataset)[];

/** No time at that stop. */
const NO_TIME = 0xffff;
const TIME_OF_MINUTE = Array.from({ length: 1440 }, (_, minute) => formatTime(minute));

/** Every trip's times, one after another, as minutes after midnight. */
class TimeStore {
  private minutes = new Uint16Array(1 << 16);
  private length = 0;

  /** Adds a checked time list ('HH:MM' or null each); answers where it starts. */
  add(list: readonly (string | null)[]): number {
    const start = this.length;
    if (start + list.length > this.minutes.length) {
      const bigger = new Uint16Array(Math.max(this.minutes.length * 2, start + list.length));
      bigger.set(this.minutes.subarray(0, start));
      this.minutes = bigger;
    }
    for (let i = 0; i < list.length; i++) {
      const time = list[i];
      // The format's regex let only 'HH:MM' from 00:00 to 23:59 through.
      this.minutes[start + i] =
        time === null || time === undefined
          ? NO_TIME
          : (time.charCodeAt(0) - 48) * 600 +
            (time.charCodeAt(1) - 48) * 60 +
            (time.charCodeAt(3) - 48) * 10 +
            (time.charCodeAt(4) - 48);
    }
    this.length += list.length;
    return start;
  }

  list(start: number, count: number): (string | null)[] {
    const list = new Array<string | null>(count);
    for (let i = 0; i < count; i++) {
      const minute = this.minutes[start + i] as number;
      list[i] = minute === NO_TIME ? null : (TIME_OF_MINUTE[minute] as string);
    }
    return list;
  }
}

/** A trip of the outline: its times are made from the store each time they are asked for. */
class OutlineTrip implements Trip {
  constructor(
    readonly id: number,
    readonly boundFor: Trip['boundFor'],
    readonly routeId: number,
    readonly routeDirReversed: boolean,
    private readonly store: TimeStore,
    private readonly start: number,
    private readonly count: number,
  ) {}

  get timeList(): (string | null)[] {
    return this.store.list(this.start, this.count);
  }
}

export interface DatasetStreamOptions {
  /** Where each part goes once it passed the format check; none: the file is only checked. */
  sink?: TimetableSink;
  /** Told how many bytes of the file have been read. */
  onBytes?: (read: number) => void;
  /** How the broken references' error names the file (its path); the file name by default. */
  source?: string;
}

/**
 * Reads and checks the dataset in the file open at `fd` (from its start), handing each part to
 * the sink as it comes; answers the outline. Throws DatasetFormatError listing every problem of
 * the format (the JSON's or a field's), then, for a file without any, an Error listing its
 * broken references (as checkDatasetReferences words them), then the first error the sink threw.
 * Once a problem is found nothing more goes to the sink, but the file is read to its end, so the
 * error lists them all.
 */
export function readDatasetStream(
  fd: number,
  fileName: string,
  { sink, onBytes, source = fileName }: DatasetStreamOptions = {},
): TimetableDataset {
  /** The top-level members as read, arrays standing empty: the format's own check of the document. */
  const skeleton: Record<string, unknown> = {};
  const elementProblems = new Map<string, string[]>();
  /** Members given twice (JSON.parse would keep the last; a stream has written the first). */
  const repeated: string[] = [];
  const arrive = (key: string) => {
    if (key in skeleton) {
      broken = true;
      repeated.push(`(document): the member ${JSON.stringify(key)} is given more than once`);
    }
  };
  let broken = false;
  let sinkError: unknown = null;
  const store = new TimeStore();
  const outline = {
    stops: [] as TimetableDataset['stops'],
    holidays: [] as TimetableDataset['holidays'],
    yearlyRules: [] as TimetableDataset['yearlyRules'],
    lines: [] as TimetableDataset['lines'],
    schedules: [] as Schedule[],
    fareRules: [] as NonNullable<TimetableDataset['fareRules']>,
    concessions: [] as NonNullable<TimetableDataset['concessions']>,
    throughFares: [] as NonNullable<TimetableDataset['throughFares']>,
  };
  let whole: { value: unknown } | null = null;

  const keep = (key: keyof typeof outline, value: unknown) => {
    if (key !== 'schedules') {
      (outline[key] as unknown[]).push(value);
      return;
    }
    const schedule = value as Schedule;
    const trips = schedule.trips.map(
      (t) =>
        new OutlineTrip(
          t.id,
          t.boundFor,
          t.routeId,
          t.routeDirReversed,
          store,
          store.add(t.timeList),
          t.timeList.length,
        ),
    );
    outline.schedules.push({ ...schedule, trips });
  };

  try {
    readTopLevel(
      fd,
      {
        member(key, value) {
          arrive(key);
          skeleton[key] = value;
          const schema = TimetableDataset.shape[key as keyof TimetableDataset];
          if (!schema?.safeParse(value).success) broken = true;
        },
        arrayStart(key) {
          arrive(key);
          skeleton[key] = [];
          if (!(key in TimetableDataset.shape)) broken = true;
        },
        element(key, index, value) {
          const schema = ELEMENT_SCHEMAS[key as keyof TimetableDataset];
          if (!schema) return; // not a part of the format: the skeleton's check names the key
          const result = schema.safeParse(value);
          if (!result.success) {
            broken = true;
            const problems = elementProblems.get(key) ?? [];
            problems.push(...formatIssues(result.error.issues, value, [key, index]));
            elementProblems.set(key, problems);
            return;
          }
          if (broken) return;
          if (sink && sinkError === null) {
            try {
              const part = result.data;
              if (key === 'stops') sink.stop(part as TimetableDataset['stops'][number]);
              else if (key === 'holidays') sink.holiday(part as TimetableDataset['holidays'][number]);
              else if (key === 'yearlyRules')
                sink.yearlyRule(part as TimetableDataset['yearlyRules'][number]);
              else if (key === 'lines') sink.line(part as TimetableDataset['lines'][number]);
              else if (key === 'fareRules')
                sink.fareRule(part as NonNullable<TimetableDataset['fareRules']>[number]);
              else if (key === 'concessions')
                sink.concession(part as NonNullable<TimetableDataset['concessions']>[number]);
              else if (key === 'throughFares')
                sink.throughFare(part as NonNullable<TimetableDataset['throughFares']>[number]);
              else sink.schedule(part as Schedule);
            } catch (error) {
              // Kept for after the file: its own problems, if any, say better what is wrong.
              sinkError = error;
            }
          }
          keep(key as keyof typeof outline, result.data);
        },
        whole(value) {
          whole = { value };
        },
      },
      onBytes,
    );
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = lineAndColumn(fd, error.offset);
    const exact = error.where === null || !/^Unexpected token/.test(error.reason);
    const at = exact
      ? `at line ${line}, column ${column}`
      : `in ${error.where}, which starts at line ${line}, column ${column}`;
    throw new DatasetFormatError(fileName, [`not valid JSON: ${error.reason} ${at}`]);
  }

  // The document's top: the members as read (arrays empty), checked as the whole format checks
  // it, so a missing list, an unknown member or another version reads as it always did.
  const document = whole === null ? skeleton : (whole as { value: unknown }).value;
  const top = TimetableDataset.safeParse(document);
  const topProblems = top.success ? [] : formatIssues(top.error.issues, document, []);
  const topKeys = top.success ? [] : top.error.issues.map((issue) => issue.path[0]);
  if (!top.success || elementProblems.size > 0 || broken) {
    // In the order the whole format's check gives them: member by member, then the document's own.
    const problems: string[] = [];
    for (const key of SHAPE_KEYS) {
      topProblems.forEach((problem, i) => {
        if (topKeys[i] === key) problems.push(problem);
      });
      problems.push(...(elementProblems.get(key) ?? []));
    }
    topProblems.forEach((problem, i) => {
      if (!SHAPE_KEYS.includes(topKeys[i] as keyof TimetableDataset)) problems.push(problem);
    });
    problems.push(...repeated);
    // Never reached while the checks above agree with `broken`; were they ever to differ, the
    // file is still refused rather than half written.
    if (problems.length === 0) problems.push('(document): a part of the file was not checked');
    throw new DatasetFormatError(fileName, problems);
  }

  const { fareRules, concessions, throughFares, ...timetable } = outline;
  const dataset: TimetableDataset = {
    format: top.data.format,
    version: top.data.version,
    ...timetable,
    // Present as the file has them (a file from before fares has neither).
    ...(top.data.fareRules === undefined ? {} : { fareRules }),
    ...(top.data.concessions === undefined ? {} : { concessions }),
    ...(top.data.throughFares === undefined ? {} : { throughFares }),
  };
  const errors = checkDatasetReferences(dataset);
  if (errors.length > 0) {
    throw new Error(`${source} has ${errors.length} broken references:\n  ${errors.join('\n  ')}`);
  }
  if (sinkError !== null) throw sinkError;
  return dataset;
}
