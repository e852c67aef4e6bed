import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TimetableDataset } from '@bus/core';
import { REPO_ROOT } from '../env.ts';
import { parseDatasetJson } from './dataset-json.ts';

/**
 * The embedded Anykščiai timetable (the old system's dump, converted once and committed).
 * Resolved from the repository, not the working directory, so the server finds it from
 * anywhere (and the bundled server too: see REPO_ROOT).
 */
export const DEFAULT_DATASET_PATH = join(REPO_ROOT, 'data/anyksciai.json');

export async function loadDefaultDataset(): Promise<TimetableDataset> {
  return parseDatasetJson(await readFile(DEFAULT_DATASET_PATH, 'utf8'), DEFAULT_DATASET_PATH);
}
