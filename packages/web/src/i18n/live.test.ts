import { describe, expect, it } from 'vitest';
import { driveEn } from './drive-en.ts';
import { driveLt } from './drive-lt.ts';
import { delayMinutes } from './live.ts';
import { liveEn } from './live-en.ts';
import { liveLt } from './live-lt.ts';

/** How riders and drivers are told a bus's delay and the age of its position (issue 40). */

describe('a delay in minutes', () => {
  it.each([
    [0, 'on time', 'laiku'],
    [1, '1 min late', 'vėluoja 1 min.'],
    [3, '3 min late', 'vėluoja 3 min.'],
    [4, '4 min late', 'vėluoja 4 min.'],
    [21, '21 min late', 'vėluoja 21 min.'],
    [-2, '2 min early', '2 min. anksčiau'],
  ])('%i: "%s" / „%s“', (minutes, english, lithuanian) => {
    expect(liveEn.delay(minutes)).toBe(english);
    expect(liveLt.delay(minutes)).toBe(lithuanian);
  });

  it.each([
    [0, 'On time', 'Važiuojate laiku'],
    [4, '4 min late', 'Vėluojate 4 min.'],
    [-1, '1 min early', '1 min. anksčiau'],
  ])('to the driver, %i: "%s" / „%s“', (minutes, english, lithuanian) => {
    expect(driveEn.driving.delay(minutes)).toBe(english);
    expect(driveLt.driving.delay(minutes)).toBe(lithuanian);
  });

  it.each([
    [240, 4],
    [250, 4],
    [270, 5],
    [29, 0],
    [-31, -1],
    [-90, -1],
    [0, 0],
  ])('%i s are %i min, to the nearest minute', (seconds, minutes) => {
    expect(delayMinutes(seconds)).toBe(minutes);
  });
});

describe('the age of the position, in the live mark', () => {
  it.each([
    [0, 'live · just now', 'realiuoju laiku · ką tik'],
    [9, 'live · just now', 'realiuoju laiku · ką tik'],
    [10, 'live · 10 s ago', 'realiuoju laiku · prieš 10 s'],
    [20, 'live · 20 s ago', 'realiuoju laiku · prieš 20 s'],
    [59, 'live · 59 s ago', 'realiuoju laiku · prieš 59 s'],
    [60, 'live · 1 min ago', 'realiuoju laiku · prieš 1 min.'],
    [179, 'live · 2 min ago', 'realiuoju laiku · prieš 2 min.'],
  ])('%i s: "%s" / „%s“', (seconds, english, lithuanian) => {
    expect(liveEn.live(liveEn.age(seconds))).toBe(english);
    expect(liveLt.live(liveLt.age(seconds))).toBe(lithuanian);
  });
});

describe('the other live words', () => {
  it('a bus that has left, and one not heard from', () => {
    expect([liveEn.departed, liveLt.departed]).toEqual(['has left', 'jau išvyko']);
    expect([liveEn.noLiveData, liveLt.noLiveData]).toEqual(['no live data', 'nėra duomenų realiuoju laiku']);
  });

  it('a bus on the map is named by its line, direction and delay', () => {
    expect(liveEn.map.bus('M35', 'Anykščių AS', liveEn.delay(4))).toBe(
      'Bus M35 towards Anykščių AS, 4 min late',
    );
    expect(liveLt.map.bus('M35', 'Anykščių AS', liveLt.delay(4))).toBe(
      'Autobusas M35, kryptis „Anykščių AS“, vėluoja 4 min.',
    );
    expect(liveEn.map.bus('M35', 'Anykščių AS', '')).toBe('Bus M35 towards Anykščių AS');
  });

  it('how far a trip’s first stop is, on the drivers’ page', () => {
    expect([driveEn.choose.away(350), driveLt.choose.away(350)]).toEqual(['350 m away', 'už 350 m']);
    expect([driveEn.choose.away(1234), driveLt.choose.away(1234)]).toEqual(['1.2 km away', 'už 1,2 km']);
  });
});
