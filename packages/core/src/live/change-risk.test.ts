import { describe, expect, it } from 'vitest';
import { changeAtRisk } from './change-risk.ts';

describe('changeAtRisk', () => {
  it.each([
    // bus before expected at, next bus expected to leave, at risk
    ['10:05', '10:08', false, 'a 3-minute margin, the bus before on time'],
    ['10:08', '10:08', false, 'the delay eats the margin exactly: the same minute is a change made'],
    ['10:09', '10:08', true, 'a minute more late than the margin'],
    ['10:12', '10:13', false, 'the next bus late too: it waits for nobody but leaves later'],
    ['23:58', '00:02', true, 'no change past midnight is promised'],
    ['bad', '10:08', false, 'a time that is not one says nothing'],
  ])('%s then %s: %s (%s)', (arriving, leaving, atRisk) => {
    expect(changeAtRisk(arriving, leaving)).toBe(atRisk);
  });
});
