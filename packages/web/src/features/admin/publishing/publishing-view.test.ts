import { type FeedProblem, SavePublishingInput, serverMessage } from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { PublishingData } from '../admin-api.tsx';
import {
  draftToInput,
  feedAddress,
  fieldId,
  fieldProblems,
  groupProblems,
  overviewToDraft,
} from './publishing-view.ts';

const overview: PublishingData = {
  settings: {
    siteUrl: 'https://autobusai.anyksciai.lt',
    publisherName: null,
    publisherContact: 'info@anyksciai.lt',
    operators: [{ name: 'Gone', url: 'https://gone.lt', phone: null }],
    windowDays: 365,
  },
  savedAt: '2026-11-25T10:00:00.000Z',
  operators: [
    { name: 'Transporto Centras', url: 'https://tc.lt', phone: null, lines: ['M35', 'M5'] },
    { name: 'Kitas', url: null, phone: '+370 381 12345', lines: ['M6'] },
  ],
  problems: [],
  warnings: [],
  summary: {
    start: '2026-11-25',
    end: '2027-11-24',
    version: 'initial',
    agencies: 2,
    stops: 195,
    routes: 21,
    trips: 138,
    stopTimes: 2195,
    services: 75,
  },
  stopsWithoutPosition: 0,
};

describe('the settings form', () => {
  it('shows the stored settings as text, one row per operator the lines name', () => {
    expect(overviewToDraft(overview)).toEqual({
      siteUrl: 'https://autobusai.anyksciai.lt',
      publisherName: '',
      publisherContact: 'info@anyksciai.lt',
      windowDays: '365',
      operators: [
        { name: 'Transporto Centras', url: 'https://tc.lt', phone: '' },
        { name: 'Kitas', url: '', phone: '+370 381 12345' },
      ],
    });
  });

  it('sends what was typed with the time the settings were loaded; the server reads blanks as none', () => {
    const draft = { ...overviewToDraft(overview), windowDays: ' 400 ' };
    const input = draftToInput(draft, overview.savedAt);
    expect(input).toMatchObject({ windowDays: '400', baseSavedAt: '2026-11-25T10:00:00.000Z' });
    const parsed = SavePublishingInput.parse(input);
    expect(parsed).toMatchObject({
      siteUrl: 'https://autobusai.anyksciai.lt',
      publisherName: null,
      windowDays: 400,
      operators: [
        { name: 'Transporto Centras', url: 'https://tc.lt', phone: null },
        { name: 'Kitas', url: null, phone: '+370 381 12345' },
      ],
    });
  });

  it('names the broken rule of each field by its path, the first one of a field only', () => {
    const draft = overviewToDraft(overview);
    draft.siteUrl = 'autobusai.lt';
    draft.windowDays = '10';
    const kitas = draft.operators[1];
    if (kitas) Object.assign(kitas, { url: 'mailto:x@y.lt', phone: 'call us' });
    const result = SavePublishingInput.safeParse(draftToInput(draft, null));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.fromEntries(fieldProblems(result.error))).toEqual({
      siteUrl: serverMessage('invalidWebAddress', { field: 'siteUrl' }),
      windowDays: serverMessage('feedWindowDays', { min: 30, max: 730 }),
      'operators.1.url': serverMessage('invalidWebAddress', { field: 'operatorUrl' }),
      'operators.1.phone': serverMessage('invalidPhone'),
    });
  });

  it('words a rule core has no key for as the general refusal', () => {
    const problems = fieldProblems({ issues: [{ path: ['x'], message: 'zod’s own words' }] });
    expect(problems.get('x')).toEqual(serverMessage('inputFailed'));
  });

  it('gives each field an id the problems can point at', () => {
    expect(fieldId('siteUrl')).toBe('publishing-siteUrl');
    expect(fieldId('operators.2.url')).toBe('publishing-operators-2-url');
  });
});

describe('the public address of the feed', () => {
  it.each([
    [null, null],
    ['  ', null],
    ['https://autobusai.anyksciai.lt', 'https://autobusai.anyksciai.lt/gtfs.zip'],
    ['https://anyksciai.lt/autobusai/', 'https://anyksciai.lt/autobusai/gtfs.zip'],
  ])('%s', (siteUrl, address) => {
    expect(feedAddress(siteUrl)).toBe(address);
  });
});

describe('grouping the feed problems', () => {
  const stop = (stopId: number): FeedProblem => ({
    kind: 'stopPosition',
    stopId,
    stopName: `Stop ${stopId}`,
  });
  const backwards = (tripId: number): FeedProblem => ({
    kind: 'timesBackwards',
    lineId: 6,
    lineName: 'M18',
    scheduleId: 13,
    tripId,
    stopName: 'Repšėnai',
    from: '14:24',
    to: '14:15',
  });
  const wrongWay = (tripId: number): FeedProblem => ({
    kind: 'directionMismatch',
    lineId: 4,
    lineName: 'M17',
    scheduleId: 9,
    tripId,
    boundFor: 'City bound',
    firstStopName: 'Anykščių AS',
    lastStopName: 'Kurkliai II k',
  });
  const notice = {
    code: 'foreign_key_violation',
    severity: 'ERROR' as const,
    message: "stop_times.txt line 14: stop_id 'S9' is not in stops.txt",
  };

  it('is empty for a feed that is ready', () => {
    expect(groupProblems([])).toEqual([]);
  });

  it('lists the settings first, then the operators, then the timetable’s problems together', () => {
    const problems: FeedProblem[] = [
      ...Array.from({ length: 190 }, (_, i) => stop(i + 1)),
      wrongWay(20),
      backwards(25),
      { kind: 'notice', notice },
      { kind: 'lineOperator', lineId: 3, lineName: 'M35' },
      { kind: 'setting', field: 'siteUrl' },
      { kind: 'noService' },
      backwards(26),
      wrongWay(18),
      { kind: 'operatorUrl', operator: 'Transporto Centras' },
      { kind: 'setting', field: 'publisherContact' },
      { kind: 'lineOperator', lineId: 4, lineName: 'M36' },
    ];
    expect(groupProblems(problems)).toEqual([
      { kind: 'setting', field: 'siteUrl' },
      { kind: 'setting', field: 'publisherContact' },
      { kind: 'operatorUrl', operator: 'Transporto Centras' },
      {
        kind: 'lineOperator',
        lines: [
          { lineId: 3, lineName: 'M35' },
          { lineId: 4, lineName: 'M36' },
        ],
      },
      {
        kind: 'stopPosition',
        count: 190,
        first: [1, 2, 3, 4, 5].map((id) => ({ stopId: id, stopName: `Stop ${id}` })),
      },
      { kind: 'timesBackwards', trips: [backwards(25), backwards(26)] },
      { kind: 'directionMismatch', trips: [wrongWay(20), wrongWay(18)] },
      { kind: 'noService' },
      { kind: 'notice', notices: [notice] },
    ]);
  });

  it('counts a stop once and names as many as asked', () => {
    expect(groupProblems([stop(7), stop(8), stop(7)], 1)).toEqual([
      { kind: 'stopPosition', count: 2, first: [{ stopId: 7, stopName: 'Stop 7' }] },
    ]);
    expect(groupProblems([stop(7)])).toEqual([
      { kind: 'stopPosition', count: 1, first: [{ stopId: 7, stopName: 'Stop 7' }] },
    ]);
  });
});
