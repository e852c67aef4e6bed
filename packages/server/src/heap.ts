import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what was alive at its last full collection before it
 * collects again: here 50 %. V8's own factor grows up to 4x on a machine with much memory,
 * and a serving process makes mostly short-lived garbage (answers, their JSON, compressed
 * bodies), so it carried 3-4x its live heap as garbage: about 55 MB alive on the national
 * timetable (read snapshot, search index, answer caches, the server's code), over 200 MB of
 * old space at peak. This is no cap: a request that needs a large heap (the Publishing
 * screen and /gtfs.zip read a whole timetable) still gets it, with full collections more
 * often on the way.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets the growth at start unless the command line or NODE_OPTIONS already chose the heap's
 * growth or size (an operator's --max-old-space-size or --heap-growing-percent wins).
 * Returns whether it was set.
 */
export function limitHeapGrowth(): boolean {
  if (heapSizeChosen(process.execArgv, process.env.NODE_OPTIONS ?? '')) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

/** Whether Node's arguments or NODE_OPTIONS set the heap's growth or its size. */
export function heapSizeChosen(execArgv: readonly string[], nodeOptions: string): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    /^--(heap[-_]growing[-_]percent|max[-_]old[-_]space[-_]size|max[-_]heap[-_]size)(=|$)/.test(arg),
  );
}
