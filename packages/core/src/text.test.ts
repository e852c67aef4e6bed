import { describe, expect, it } from 'vitest';
import { foldText, lithuanianSortKey, stopSearchPlan } from './text.ts';

describe('foldText', () => {
  it.each([
    ['Anykščių AS', 'anyksciu as'],
    ['Šiauliai', 'siauliai'],
    ['  Ąžuolų   g. ', 'azuolu g.'],
    ['ĖĘĮŲŪ', 'eeiuu'],
  ])('%s -> %s', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });
});

describe('lithuanianSortKey orders names as the Lithuanian alphabet does', () => {
  const sorted = (names: string[]) =>
    [...names].sort((a, b) => (lithuanianSortKey(a) < lithuanianSortKey(b) ? -1 : 1));
  it.each([
    [
      ['Čiobiškis', 'Cirkliškis', 'Dabužiai'],
      ['Cirkliškis', 'Čiobiškis', 'Dabužiai'],
    ],
    [
      ['Šeimyniškiai', 'Surdegis', 'Taujėnai'],
      ['Surdegis', 'Šeimyniškiai', 'Taujėnai'],
    ],
    [
      ['Žaliosios', 'Zabelynė'],
      ['Zabelynė', 'Žaliosios'],
    ],
    [
      ['Jara', 'Ylakiai', 'Ignalina'],
      ['Ignalina', 'Ylakiai', 'Jara'],
    ],
    [
      ['Ąžuolai', 'Anykščiai', 'Bebrūnai'],
      ['Anykščiai', 'Ąžuolai', 'Bebrūnai'],
    ],
    [
      ['Kurkliai II k', 'Kurkliai I k'],
      ['Kurkliai I k', 'Kurkliai II k'],
    ],
  ])('%j', (input, expected) => {
    expect(sorted(input)).toEqual(expected);
  });
});

describe('stopSearchPlan', () => {
  it.each([
    ['', 'defaults', ''],
    ['   ', 'defaults', ''],
    ['a', 'word-prefix', 'a'],
    ['Š', 'word-prefix', 's'],
    ['an', 'word-prefix', 'an'],
    ['ANYKSČ', 'substring', 'anyksc'],
    ['siau', 'substring', 'siau'],
  ] as const)('%j', (query, mode, folded) => {
    expect(stopSearchPlan(query)).toEqual({ mode, folded });
  });
});
