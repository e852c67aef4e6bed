import { readFileSync } from 'node:fs';
import { DATASET_FORMAT, DATASET_VERSION, type TimetableDataset } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { datasetJsonChunks, parseDatasetJson, serializeDataset } from './dataset-json.ts';
import { DEFAULT_DATASET_PATH } from './default-dataset.ts';

describe('datasetJsonChunks', () => {
  it('gives the bytes serializeDataset gives, with schedules from any iterable', () => {
    const dataset = parseDatasetJson(readFileSync(DEFAULT_DATASET_PATH, 'utf8'), 'anyksciai.json');
    const { schedules, ...head } = dataset;
    const streamed = datasetJsonChunks({ ...head, schedules: schedules.values() });
    expect([...streamed].join('')).toBe(serializeDataset(dataset));
  });

  it('writes empty lists as JSON.stringify does', () => {
    const empty: TimetableDataset = {
      format: DATASET_FORMAT,
      version: DATASET_VERSION,
      stops: [],
      holidays: [],
      yearlyRules: [],
      lines: [],
      schedules: [],
    };
    expect([...datasetJsonChunks(empty)].join('')).toBe(serializeDataset(empty));
  });
});
