import { describe, expect, it } from 'vitest';
import { siteOf } from './site-address.ts';

describe('the site’s own address (issue 42)', () => {
  it('is the Publishing site address, else the page’s own origin', () => {
    expect(siteOf('https://autobusai.anyksciai.lt/', 'http://127.0.0.1:3000')).toBe(
      'https://autobusai.anyksciai.lt',
    );
    expect(siteOf('https://example.org/bus//', 'http://x')).toBe('https://example.org/bus');
    expect(siteOf(null, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(siteOf('  ', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
  });
});
