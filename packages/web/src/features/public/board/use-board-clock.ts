import { useEffect, useState } from 'react';

/** How often a board looks at the clock: on every whole 10 s, so the minute turns on time. */
export const BOARD_TICK_MS = 10_000;

/** `at` down to its step (a whole multiple of `step` ms since 1970). */
export const stepOf = (at: number, step = BOARD_TICK_MS) => at - (at % step);

/**
 * The time now, in steps of BOARD_TICK_MS on the wall clock: the board renders again on each
 * whole 10 s (a minute turns on a whole 10 s: Vilnius is whole hours from UTC), which turns its
 * clock and its language, and drops the departures that have left. One timer at a time, cleared
 * on unmount; a screen that slept runs the overdue one as it wakes.
 */
export function useBoardClock(): number {
  const [now, setNow] = useState(() => stepOf(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      timer = setTimeout(tick, BOARD_TICK_MS - (Date.now() % BOARD_TICK_MS));
    };
    const tick = () => {
      setNow(stepOf(Date.now()));
      wait();
    };
    wait();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** Whether the screen asks for less motion (prefers-reduced-motion), kept current. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}
