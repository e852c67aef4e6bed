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
  return error.issues.map((issue) => {
    const value = valueAt(document, issue.path);
    const shown = value === undefined || typeof value === 'object' ? undefined : JSON.stringify(value);
    const got = shown !== undefined && shown.length <= 60 ? ` (got ${shown})` : '';
    const source = origin?.(issue.path);
    return `${formatJsonPath(issue.path)}: ${issue.message}${got}${source ? `, from the ${source}` : ''}`;
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
