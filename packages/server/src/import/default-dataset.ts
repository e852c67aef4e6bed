import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { TimetableDataset } from '@bus/core';
import { parseDatasetJson } from './dataset-json.ts';

/**
 * The embedded Anykščiai timetable (the old system's dump, converted once and committed).
 * Resolved from this file, not the working directory, so the server finds it from anywhere.
 */
export const DEFAULT_DATASET_PATH = fileURLToPath(
  new URL('../../../../data/anyksciai.json', import.meta.url),
);

export async function loadDefaultDataset(): Promise<TimetableDataset> {
  return parseDatasetJson(await readFile(DEFAULT_DATASET_PATH, 'utf8'), DEFAULT_DATASET_PATH);
}
