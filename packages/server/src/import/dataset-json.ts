import { TimetableDataset } from '@bus/core';
import type { z } from 'zod';

/** `schedules[3].trips[0].timeList[2]`: the path as someone editing the JSON would write it. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(document)' : out;
}

function valueAt(document: unknown, path: readonly PropertyKey[]): unknown {
  let value = document;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * One line per issue, with the offending value when it is short enough to help, and where it
 * came from when `origin` knows (the legacy import names the dump row and line).
 */
export function formatDatasetIssues(
  error: z.ZodError,
  document: unknown,
  origin?: (path: readonly PropertyKey[]) => string | undefined,
): string[] {
  return formatIssues(error.issues, document, [], origin);
}

/**
 * The same for issues found in a part of the document (`document` is that part, `prefix` its
 * path in the whole, e.g. ['schedules', 3]): a streamed import checks each part on its own.
 */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  document: unknown,
  prefix: readonly PropertyKey[],
  origin?: (path: readonly PropertyKey[]) => string | undefined,
): string[] {
  return issues.map((issue) => {
    const value = valueAt(document, issue.path);
    const shown = value === undefined || typeof value === 'object' ? undefined : JSON.stringify(value);
    const got = shown !== undefined && shown.length <= 60 ? ` (got ${shown})` : '';
    const path = [...prefix, ...issue.path];
    const source = origin?.(path);
    return `${formatJsonPath(path)}: ${issue.message}${got}${source ? `, from the ${source}` : ''}`;
  });
}

export class DatasetFormatError extends Error {
  constructor(
    readonly fileName: string,
    readonly problems: string[],
  ) {
    super(`${fileName} is not a valid timetable dataset:\n  ${problems.join('\n  ')}`);
    this.name = 'DatasetFormatError';
  }
}

/** Parses the project's JSON format; throws DatasetFormatError listing every problem found. */
export function parseDatasetJson(text: string, fileName: string): TimetableDataset {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new DatasetFormatError(fileName, [`not valid JSON: ${(error as Error).message}`]);
  }
  const result = TimetableDataset.safeParse(document);
  if (!result.success) throw new DatasetFormatError(fileName, formatDatasetIssues(result.error, document));
  return result.data;
}

/** Two-space indentation and a final newline, so exports diff cleanly in git. */
export function serializeDataset(dataset: TimetableDataset): string {
  return `${JSON.stringify(dataset, null, 2)}\n`;
}

/**
 * The bytes serializeDataset gives, a part at a time: the members of `dataset` in their order,
 * each list element by element (`schedules` may be any iterable, e.g. read from the database as
 * it is written), so an export never holds the whole text of a national timetable.
 */
export function* datasetJsonChunks(
  dataset: Omit<TimetableDataset, 'schedules'> & {
    schedules: Iterable<TimetableDataset['schedules'][number]>;
  },
): Generator<string> {
  const members = Object.entries(dataset);
  yield '{';
  for (const [index, [key, value]] of members.entries()) {
    const comma = index < members.length - 1 ? ',' : '';
    const name = `\n  ${JSON.stringify(key)}: `;
    if (typeof value !== 'object' || value === null || !(Symbol.iterator in value)) {
      yield `${name}${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')}${comma}`;
      continue;
    }
    let first = true;
    for (const element of value as Iterable<unknown>) {
      yield `${first ? `${name}[\n    ` : ',\n    '}${JSON.stringify(element, null, 2).replaceAll('\n', '\n    ')}`;
      first = false;
    }
    yield `${first ? `${name}[]` : '\n  ]'}${comma}`;
  }
  yield members.length === 0 ? '}\n' : '\n}\n';
}
