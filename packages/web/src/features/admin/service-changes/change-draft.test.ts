import { SaveServiceChangeInput } from '@bus/core';
import { describe, expect, it } from 'vitest';
import {
  badTimes,
  draftOfChange,
  draftToInput,
  emptyDraft,
  filterFromSearch,
  searchFromFilter,
  shiftMinutes,
} from './change-draft.ts';

describe('the service change form model', () => {
  it('sends a time change with the shift and the typed times read by the grid rules', () => {
    const draft = {
      ...emptyDraft('retime', 20),
      from: '2026-12-03',
      tripIds: [126, 128],
      shift: '+15',
      // '0738' is 07:38 and '7.5' is not a time; a time of an unticked trip is not sent.
      times: { '126:0': '0738', '126:3': '', '128:15': '13.50', '127:1': '09:00' },
      reason: ' šventė ',
    };
    const input = draftToInput(draft, null, 0);
    expect(input).toMatchObject({
      id: null,
      kind: 'retime',
      from: '2026-12-03',
      until: null,
      tripIds: [126, 128],
      shiftMinutes: 15,
      stopTimes: [
        { tripId: 126, index: 0, time: '07:38' },
        { tripId: 128, index: 15, time: '13:50' },
      ],
      lineIds: [],
      stopIds: [],
      reason: 'šventė',
      titleLt: null,
      cause: null,
      effect: null,
    });
    expect(SaveServiceChangeInput.safeParse(input).success).toBe(true);
    expect(badTimes(draft)).toEqual([]);
    expect(badTimes({ ...draft, times: { '126:2': '7.5' } })).toEqual(['126:2']);
  });

  it('reads a typed shift: signed whole minutes, empty as none, anything else as not a number', () => {
    expect([shiftMinutes('15'), shiftMinutes('-10'), shiftMinutes('+5'), shiftMinutes(' ')]).toEqual([
      15,
      -10,
      5,
      null,
    ]);
    expect(shiftMinutes('1.5')).toBeNaN();
    expect(shiftMinutes('abc')).toBeNaN();
  });

  it('lets the schema refuse an end before the start, naming "until"', () => {
    const input = draftToInput(
      { ...emptyDraft('cancel'), from: '2026-12-10', until: '2026-12-03', tripIds: [126] },
      null,
      0,
    );
    const result = SaveServiceChangeInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['until', 'The last date is before the first date'],
    ]);
  });

  it('sends a notice about lines and stops, and a closure with its stop to use instead', () => {
    const notice = draftToInput(
      {
        ...emptyDraft('notice'),
        titleLt: 'Šventinis eismas',
        lineIds: [20],
        stops: [{ id: 5, label: 'Troškūnai' }],
        cause: 'HOLIDAY',
      },
      null,
      0,
    );
    expect(notice).toMatchObject({
      lineIds: [20],
      stopIds: [5],
      tripIds: [],
      shiftMinutes: null,
      cause: 'HOLIDAY',
    });
    const closure = draftToInput(
      {
        ...emptyDraft('closure'),
        from: '2026-12-07',
        stops: [{ id: 5, label: 'A' }],
        insteadStop: { id: 6, label: 'B' },
      },
      null,
      0,
    );
    expect(closure).toMatchObject({ stopIds: [5], insteadStopId: 6, tripIds: [] });
  });

  it('shows a stored change again as it was saved', () => {
    const stored = {
      id: 7,
      kind: 'retime' as const,
      from: '2026-12-03',
      until: '2026-12-03',
      lineIds: [20],
      stopIds: [],
      tripIds: [126],
      shiftMinutes: 10,
      stopTimes: [{ tripId: 126, index: 2, time: '08:10' }],
      insteadStopId: null,
      reason: null,
      titleLt: 'Pakeistas laikas',
      textLt: null,
      titleEn: null,
      textEn: null,
      cause: 'UNKNOWN_CAUSE' as const,
      effect: 'MODIFIED_SERVICE' as const,
      url: null,
    };
    const draft = draftOfChange(stored, String);
    expect(draft).toMatchObject({
      shift: '10',
      times: { '126:2': '08:10' },
      lineId: 20,
      titleLt: 'Pakeistas laikas',
    });
    expect(draftToInput(draft, 7, 3)).toMatchObject({
      id: 7,
      shiftMinutes: 10,
      stopTimes: stored.stopTimes,
      baseVersion: 3,
    });
  });

  it('keeps the list filter in the address', () => {
    const filter = { lineId: 20, date: '2026-12-03', status: 'upcoming' as const };
    expect(searchFromFilter(filter)).toBe('?line=20&date=2026-12-03&status=upcoming');
    expect(filterFromSearch('?line=20&date=2026-12-03&status=upcoming')).toEqual(filter);
    expect(filterFromSearch('?line=x&date=3.12&status=soon')).toEqual({
      lineId: null,
      date: null,
      status: null,
    });
  });
});
