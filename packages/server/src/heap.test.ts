import { describe, expect, it } from 'vitest';
import { heapSizeChosen } from './heap.ts';

describe('heapSizeChosen: an operator choosing the heap keeps the choice', () => {
  it.each([
    [[], '', false],
    [['--enable-source-maps'], '', false],
    [[], '--enable-source-maps --trace-warnings', false],
    [['--max-old-space-size=192'], '', true],
    [['--max_old_space_size=192'], '', true],
    [[], '--max-old-space-size=512', true],
    [[], '  --enable-source-maps   --heap-growing-percent=100 ', true],
    [['--max-heap-size=300'], '', true],
    [['--max-old-space-sizes=1'], '', false],
    [['--max-semi-space-size=8'], '', false],
  ] as const)('%j with NODE_OPTIONS %j -> %s', (execArgv, nodeOptions, chosen) => {
    expect(heapSizeChosen(execArgv, nodeOptions)).toBe(chosen);
  });
});
