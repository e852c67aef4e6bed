import { describe, expect, it } from 'vitest';
import { FareInput } from '../queries.ts';
import { englishMessage, type FareProblem, serverMessage } from '../server-messages.ts';
import { validationProblem } from './error-mapping.ts';
import { SaveConcessionInput, SaveFareRuleInput, SaveThroughFareInput } from './fares.ts';

const text = (problem: FareProblem) => englishMessage(serverMessage('fareInvalid', { problem }));
const rule = {
  id: null,
  lineId: 1,
  validFrom: '2027-01-01',
  method: { kind: 'flat', cents: 120 },
  baseVersion: 0,
};

/** Each issue as 'path: message'. */
function issues(
  schema: typeof SaveFareRuleInput | typeof SaveConcessionInput | typeof SaveThroughFareInput,
  input: unknown,
): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('a fare rule as staff save it', () => {
  it('takes a flat, per-km or bands rule; rounding to the cent and no minimum unless given; no pairs', () => {
    expect(SaveFareRuleInput.parse(rule)).toEqual({ ...rule, roundingCents: 1, minimumCents: 0, pairs: [] });
    const bands = {
      ...rule,
      validFrom: ' 2027-03-01 ',
      method: {
        kind: 'bands',
        bands: [
          { upToMeters: 1000, cents: 50 },
          { upToMeters: 1001, cents: 60 },
        ],
      },
      roundingCents: 100,
      minimumCents: 40,
      pairs: [{ fromStopId: 1, toStopId: 2, cents: 0 }],
    };
    expect(SaveFareRuleInput.parse(bands)).toEqual({ ...bands, validFrom: '2027-03-01' });
    expect(SaveFareRuleInput.parse({ ...rule, method: { kind: 'perKm', centsPerKm: 7 } }).method).toEqual({
      kind: 'perKm',
      centsPerKm: 7,
    });
  });

  it.each([
    [{ validFrom: undefined }, [`validFrom: ${text('validFromRequired')}`]],
    [{ validFrom: '2027-02-30' }, ['validFrom: date must be a calendar date written YYYY-MM-DD']],
    [{ method: { kind: 'flat', cents: -1 } }, [`method.cents: ${text('cents')}`]],
    [{ method: { kind: 'flat', cents: 1.5 } }, [`method.cents: ${text('cents')}`]],
    [{ method: { kind: 'perKm', centsPerKm: '7' } }, [`method.centsPerKm: ${text('cents')}`]],
    [{ method: { kind: 'bands', bands: [] } }, [`method.bands: ${text('bandsRequired')}`]],
    [
      { method: { kind: 'bands', bands: [{ upToMeters: 0, cents: 5 }] } },
      [`method.bands.0.upToMeters: ${text('bandDistance')}`],
    ],
    [
      {
        method: {
          kind: 'bands',
          bands: [
            { upToMeters: 5000, cents: 100 },
            { upToMeters: 5000, cents: 120 },
            { upToMeters: 4000, cents: 130 },
          ],
        },
      },
      [
        `method.bands.1.upToMeters: ${text('bandsOrder')}`,
        `method.bands.2.upToMeters: ${text('bandsOrder')}`,
      ],
    ],
    [{ roundingCents: 0 }, [`roundingCents: ${text('rounding')}`]],
    [{ roundingCents: 101 }, [`roundingCents: ${text('rounding')}`]],
    [{ minimumCents: -5 }, [`minimumCents: ${text('cents')}`]],
    [{ pairs: [{ fromStopId: 4, toStopId: 4, cents: 10 }] }, [`pairs.0.toStopId: ${text('pairSame')}`]],
    [
      {
        pairs: [
          { fromStopId: 4, toStopId: 5, cents: 10 },
          { fromStopId: 5, toStopId: 4, cents: 20 },
        ],
      },
      [`pairs.1.toStopId: ${text('pairTwice')}`],
    ],
  ])('refuses %j with the field and its message', (change, expected) => {
    expect(issues(SaveFareRuleInput, { ...rule, ...change })).toEqual(expected);
  });

  it('its problems are keyed messages (one, or several in order) for the client to word', () => {
    const one = SaveFareRuleInput.safeParse({ ...rule, roundingCents: 0 });
    expect(one.success || validationProblem(one.error)).toEqual(
      serverMessage('fareInvalid', { problem: 'rounding' }),
    );
    const two = SaveFareRuleInput.safeParse({ ...rule, roundingCents: 0, minimumCents: -1 });
    expect(two.success || validationProblem(two.error)).toEqual(
      serverMessage('several', {
        parts: [
          serverMessage('fareInvalid', { problem: 'rounding' }),
          serverMessage('fareInvalid', { problem: 'cents' }),
        ],
      }),
    );
  });
});

describe('a concession as staff save it', () => {
  const concession = { id: null, nameLt: ' Moksleiviai ', nameEn: 'Pupils', percent: 50, baseVersion: 0 };
  it('is taken with its names trimmed', () => {
    expect(SaveConcessionInput.parse(concession)).toEqual({ ...concession, nameLt: 'Moksleiviai' });
  });
  it.each([
    [{ nameLt: '  ' }, [`nameLt: ${text('nameLtRequired')}`]],
    [{ nameEn: undefined }, [`nameEn: ${text('nameEnRequired')}`]],
    [{ percent: 101 }, [`percent: ${text('percent')}`]],
    [{ percent: 12.5 }, [`percent: ${text('percent')}`]],
    [{ nameEn: 'x'.repeat(101) }, ['nameEn: Concession name is too long: at most 100 characters']],
  ])('refuses %j with the field and its message', (change, expected) => {
    expect(issues(SaveConcessionInput, { ...concession, ...change })).toEqual(expected);
  });
});

describe('a through fare as staff save it', () => {
  const through = {
    id: null,
    fromLineId: 7,
    fromStopId: 10,
    toLineId: '8',
    toStopId: 30,
    validFrom: ' 2027-01-01',
    cents: 300,
    changeMinutes: 45,
    baseVersion: 0,
  };
  it('is taken with its ids as numbers and its date trimmed', () => {
    expect(SaveThroughFareInput.parse(through)).toEqual({ ...through, toLineId: 8, validFrom: '2027-01-01' });
  });
  it.each([
    [{ toLineId: 7 }, [`toLineId: ${text('throughSameLine')}`]],
    [{ toStopId: 10 }, [`toStopId: ${text('throughSameStop')}`]],
    [{ cents: 100_001 }, [`cents: ${text('cents')}`]],
    [{ cents: 2.5 }, [`cents: ${text('cents')}`]],
    [{ changeMinutes: 0 }, [`changeMinutes: ${text('changeMinutes')}`]],
    [{ changeMinutes: 721 }, [`changeMinutes: ${text('changeMinutes')}`]],
    [{ changeMinutes: '30' }, [`changeMinutes: ${text('changeMinutes')}`]],
    [{ validFrom: '' }, [`validFrom: ${text('validFromRequired')}`]],
    [{ fromStopId: 0 }, [`fromStopId: ${text('throughStopRequired')}`]],
    [{ toStopId: undefined }, [`toStopId: ${text('throughStopRequired')}`]],
    [{ fromLineId: null }, [`fromLineId: ${text('throughLineRequired')}`]],
    [{ toLineId: 'M27' }, [`toLineId: ${text('throughLineRequired')}`]],
  ])('refuses %j with the field and its message', (change, expected) => {
    expect(issues(SaveThroughFareInput, { ...through, ...change })).toEqual(expected);
  });
});

describe('the public fare query', () => {
  it('takes a trip or a line (with a route), never both or neither', () => {
    const ride = { fromStopId: '1', toStopId: 5 };
    expect(FareInput.parse({ tripId: 3, ...ride })).toEqual({ tripId: 3, fromStopId: 1, toStopId: 5 });
    expect(FareInput.parse({ lineId: 3, routeId: 4, ...ride, date: '2027-01-01' })).toMatchObject({
      routeId: 4,
    });
    expect(FareInput.safeParse({ ...ride }).success).toBe(false);
    expect(FareInput.safeParse({ tripId: 3, lineId: 3, ...ride }).success).toBe(false);
    expect(FareInput.safeParse({ tripId: 3, routeId: 4, ...ride }).success).toBe(false);
  });
});
