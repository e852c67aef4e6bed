import { useEffect, useState } from 'react';
import { type VilniusNow, vilniusNow } from './core.ts';

/**
 * Today and the minute in Vilnius, kept current: the page renders again when the minute turns
 * (a timer to the next whole minute; Vilnius is whole hours from UTC). A phone that slept runs
 * the overdue timer as it wakes.
 */
export function useVilniusNow(): VilniusNow {
  const [now, setNow] = useState(vilniusNow);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
    };
    const tick = () => {
      setNow(vilniusNow());
      wait();
    };
    wait();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
