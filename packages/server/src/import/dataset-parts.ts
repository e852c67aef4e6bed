import type { TimetableDataset } from '@bus/core';

/** The parts of the project's dataset (core TimetableDataset), by name, for code that builds one. */
export type DatasetStop = TimetableDataset['stops'][number];
export type DatasetHoliday = TimetableDataset['holidays'][number];
export type DatasetRule = TimetableDataset['yearlyRules'][number];
export type DatasetPeriod = DatasetRule['timePeriods'][number];
export type DatasetPattern = DatasetRule['pattern1Params'][number];
export type DatasetLine = TimetableDataset['lines'][number];
export type DatasetRoute = DatasetLine['routes'][number];
export type DatasetSchedule = TimetableDataset['schedules'][number];
export type DatasetTrip = DatasetSchedule['trips'][number];
