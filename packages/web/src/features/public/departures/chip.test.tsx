import type { DepartureItem } from '@bus/core';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { switchLanguage } from '../../../i18n/index.ts';
import { departure } from '../../../test/fixtures.ts';
import { Chip } from './chip.tsx';

const render = (item: DepartureItem) =>
  renderToString(
    <Router ssrPath="/">
      <Chip item={item} left={false} loop={undefined} search="" />
    </Router>,
  );

afterAll(() => switchLanguage('en'));

describe('a departure whose bus is low-floor with a ramp (issue 41)', () => {
  it('is marked with the wheelchair sign, read as words, inside its link', () => {
    const html = render(departure({ stepFree: true }));
    expect(html).toContain(
      '<span class="chip__step-free" title="low-floor bus with a ramp"><span aria-hidden="true"> ♿</span><span class="sr-only"> (<!-- -->low-floor bus with a ramp<!-- -->)</span></span>',
    );
    expect(html.indexOf('chip__step-free')).toBeLessThan(html.indexOf('</a>'));
  });

  it('in Lithuanian', async () => {
    await switchLanguage('lt');
    expect(render(departure({ stepFree: true }))).toContain('žemagrindis autobusas su pandusu');
  });

  it('says nothing of a bus staff have not marked', async () => {
    await switchLanguage('en');
    expect(render(departure({}))).not.toContain('chip__step-free');
  });
});
