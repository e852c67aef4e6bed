import { describe, expect, it } from 'vitest';
import {
  browserLanguage,
  EMBED_ROWS,
  embedCode,
  embedHeight,
  embedPath,
  embedStopId,
  readEmbedOptions,
  stopPagePath,
} from './embed-options.ts';

describe('the widget reads its options from its address', () => {
  it('takes the stop from the path and each option from the query', () => {
    expect(readEmbedOptions('/embed/stop/12', '?dir=city&rows=8&lang=lt')).toEqual({
      stopId: 12,
      dir: 'City bound',
      rows: 8,
      lang: 'lt',
    });
  });

  it('leaves out nothing it needs: going out, five rows, the browser’s language', () => {
    expect(readEmbedOptions('/embed/stop/1', '')).toEqual({
      stopId: 1,
      dir: 'Out bound',
      rows: EMBED_ROWS.standard,
      lang: null,
    });
  });

  it.each([
    ['city', 'City bound'],
    ['CITY', 'City bound'],
    ['City bound', 'City bound'],
    ['out', 'Out bound'],
    ['Out bound', 'Out bound'],
    ['sideways', 'Out bound'],
  ])('dir=%s is %s (the home’s words too; anything else goes out, as on the home)', (dir, want) => {
    expect(readEmbedOptions('/embed/stop/1', `?${new URLSearchParams({ dir })}`)?.dir).toBe(want);
  });

  it.each([
    ['3', 3],
    ['1', 1],
    ['10', 10],
    ['0', 1],
    ['11', 10],
    ['9999', 10],
    ['', EMBED_ROWS.standard],
    ['-2', EMBED_ROWS.standard],
    ['2.5', EMBED_ROWS.standard],
    ['many', EMBED_ROWS.standard],
    ['99999', EMBED_ROWS.standard],
  ])('rows=%s is %i', (rows, want) => {
    expect(readEmbedOptions('/embed/stop/1', `?rows=${rows}`)?.rows).toBe(want);
  });

  it.each([
    ['lt', 'lt'],
    ['EN', 'en'],
    ['de', null],
    ['', null],
  ])('lang=%s is %s', (lang, want) => {
    expect(readEmbedOptions('/embed/stop/1', `?lang=${lang}`)?.lang).toBe(want);
  });

  it.each([
    '/embed/stop/0',
    '/embed/stop/abc',
    '/embed/stop/-1',
    '/embed/stop/1/x',
    '/embed/stop',
    '/embed/line/1',
  ])('%s names no stop', (path) => {
    expect(embedStopId(path)).toBeNull();
    expect(readEmbedOptions(path, '')).toBeNull();
  });

  it('takes a trailing slash', () => {
    expect(embedStopId('/embed/stop/7/')).toBe(7);
  });

  it('shows the first of Lithuanian and English the browser lists, else English', () => {
    expect(browserLanguage(['lt-LT', 'en-GB'])).toBe('lt');
    expect(browserLanguage(['de-DE', 'en-US', 'lt'])).toBe('en');
    expect(browserLanguage(['de-DE', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('the addresses and the code', () => {
  const options = { stopId: 12, dir: 'City bound', rows: 5, lang: 'lt' } as const;

  it('writes every option of the widget’s address, and reads back what it wrote', () => {
    const path = embedPath(options);
    expect(path).toBe('/embed/stop/12?dir=city&rows=5&lang=lt');
    const [pathname = '', search = ''] = path.split('?');
    expect(readEmbedOptions(pathname, search)).toEqual(options);
    expect(embedPath({ ...options, dir: 'Out bound', lang: null })).toBe('/embed/stop/12?dir=out&rows=5');
  });

  it('links "Full timetable" to the stop’s departures on the site, in the widget’s direction', () => {
    expect(stopPagePath(12, 'City bound')).toBe('/?from=12&dir=City+bound');
    expect(stopPagePath(1, 'Out bound')).toBe('/?from=1&dir=Out+bound');
  });

  it('is one titled iframe at the site’s absolute address, tall enough for its rows', () => {
    const published = { siteUrl: 'https://autobusai.anyksciai.lt/', origin: 'http://127.0.0.1:3000' };
    expect(embedCode(published, options, 'Artimiausi išvykimai: Anykščių AS')).toBe(
      '<iframe src="https://autobusai.anyksciai.lt/embed/stop/12?dir=city&amp;rows=5&amp;lang=lt" ' +
        'title="Artimiausi išvykimai: Anykščių AS" width="100%" height="332" loading="lazy" ' +
        'style="border:0;max-width:420px"></iframe>',
    );
  });

  it('names the Publishing site address when it is set (as the posters’ QR codes), else the page’s origin', () => {
    const src = (siteUrl: string | null, origin: string) =>
      /src="([^"]*)"/.exec(embedCode({ siteUrl, origin }, options, 't'))?.[1];
    expect(src('https://autobusai.anyksciai.lt', 'http://127.0.0.1:3000')).toBe(
      'https://autobusai.anyksciai.lt/embed/stop/12?dir=city&amp;rows=5&amp;lang=lt',
    );
    expect(src('https://example.org/bus/', 'http://127.0.0.1:3000')).toBe(
      'https://example.org/bus/embed/stop/12?dir=city&amp;rows=5&amp;lang=lt',
    );
    expect(src(null, 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/embed/stop/12?dir=city&amp;rows=5&amp;lang=lt',
    );
    expect(src('', 'https://autobusai.anyksciai.lt')).toBe(
      'https://autobusai.anyksciai.lt/embed/stop/12?dir=city&amp;rows=5&amp;lang=lt',
    );
  });

  it('grows with its rows', () => {
    expect(embedHeight(1)).toBeLessThan(embedHeight(5));
    expect(embedHeight(10) - embedHeight(9)).toBe(embedHeight(2) - embedHeight(1));
    expect(embedCode({ siteUrl: null, origin: 'http://x' }, { ...options, rows: 10 }, 't')).toContain(
      `height="${embedHeight(10)}"`,
    );
  });

  it('escapes what it writes into the HTML: a stop named with quotes and brackets stays text', () => {
    const code = embedCode(
      { siteUrl: 'https://example.org', origin: 'http://x' },
      options,
      'Next departures: "A" <b> & \'B\'',
    );
    expect(code).toContain('title="Next departures: &quot;A&quot; &lt;b&gt; &amp; &#39;B&#39;"');
    expect(code.match(/</g)).toHaveLength(2);
  });
});
