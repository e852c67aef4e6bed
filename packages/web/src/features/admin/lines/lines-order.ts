import { compareLineNames, foldText } from '@bus/core';

interface ListedLine {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
}

/**
 * The lines as staff look for them: by name as people count (M5, M27, M35), and narrowed by
 * what is typed, found in the name, start or end, case and diacritics ignored.
 */
export function linesToShow<L extends ListedLine>(lines: readonly L[], query: string): L[] {
  const folded = foldText(query);
  const matching =
    folded === ''
      ? [...lines]
      : lines.filter((l) =>
          [l.name, l.routeStart ?? '', l.routeEnd ?? ''].some((t) => foldText(t).includes(folded)),
        );
  return matching.sort((a, b) => compareLineNames(a.name, b.name) || a.id - b.id);
}
