import type { DepartureItem } from '@bus/core';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { switchLanguage } from '../../../i18n/index.ts';
import { departure } from '../../../test/fixtures.ts';
import { ChangedChip } from './changed-chip.tsx';

// The 10:20 to Panevėžys, with what a service change says of it.
const changed = (over: Partial<DepartureItem>) =>
  departure({ timeDepart: '10:20', name: 'Panevėžys', ...over });

const render = (item: DepartureItem, left = false) =>
  renderToString(
    <Router ssrPath="/">
      <ChangedChip item={item} left={left} loop={undefined} search="" />
    </Router>,
  );

afterAll(() => switchLanguage('en'));

describe('a departure a service change touches (issue 27)', () => {
  it('a cancelled one is struck through in its place and marked Cancelled, its reason behind the mark', () => {
    const html = render(changed({ cancelled: true, reason: 'kelio darbai', changeId: 7 }));
    expect(html).toMatch(
      /class="chip chip--regional chip--off"><span class="chip__time">10:20<\/span> <small>M35/,
    );
    expect(html).toContain(
      '<details class="chip-mark"><summary>Cancelled</summary><span class="chip-mark__reason">kelio darbai</span></details>',
    );
    // Outside the link: the mark is a control of its own.
    expect(html.indexOf('</a>')).toBeLessThan(html.indexOf('<details'));
  });

  it('a departure from a closed stop is struck through and marked, with no reason of its own', () => {
    const html = render(changed({ notServed: true, changeId: 8 }));
    expect(html).toContain('chip--off');
    expect(html).toContain('<span class="chip-mark">Not served at this stop</span>');
    expect(html).not.toContain('<details');
  });

  it('a changed time shows the new time and the planned one struck through, read as "planned"', () => {
    const html = render(changed({ timeDepart: '10:35', plannedTime: '10:20', changeId: 9 }), true);
    expect(html).toContain(
      '<span class="chip__time">10:35</span><s class="chip__planned"><span class="sr-only">planned 10:20</span><span aria-hidden="true">10:20</span></s> <small>M35</small>',
    );
    expect(html).not.toContain('chip--off');
    expect(html).toContain('chip--too-late');
  });

  it('in Lithuanian', async () => {
    await switchLanguage('lt');
    expect(render(changed({ cancelled: true, reason: 'kelio darbai', changeId: 7 }))).toContain(
      '<summary>Atšauktas</summary>',
    );
    expect(render(changed({ timeDepart: '10:35', plannedTime: '10:20', changeId: 9 }))).toContain(
      '<span class="sr-only">planuota 10:20</span>',
    );
  });
});
