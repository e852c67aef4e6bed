import { describe, expect, it } from 'vitest';
import { lineAddress, shortAddress, stopLiveAddress } from './qr-address.ts';

describe('where the printed QR codes lead (issue 42)', () => {
  it('leads a poster to its stop’s departures for its direction and destination', () => {
    const site = 'https://autobusai.anyksciai.lt';
    expect(stopLiveAddress(site, 12, 'Out bound', null)).toBe('https://autobusai.anyksciai.lt/?from=12');
    expect(stopLiveAddress(site, 12, 'City bound', null)).toBe(
      'https://autobusai.anyksciai.lt/?from=12&dir=City+bound',
    );
    expect(stopLiveAddress(site, 1, 'Out bound', 71)).toBe('https://autobusai.anyksciai.lt/?from=1&to=71');
  });

  it('leads a line’s timetable to the line’s page', () => {
    expect(lineAddress('https://autobusai.anyksciai.lt', 7)).toBe('https://autobusai.anyksciai.lt/browse/7');
  });

  it('prints the address without its scheme', () => {
    expect(shortAddress('https://autobusai.anyksciai.lt/?from=12')).toBe('autobusai.anyksciai.lt/?from=12');
    expect(shortAddress('http://127.0.0.1:3000/browse/1')).toBe('127.0.0.1:3000/browse/1');
  });
});
