import { parseTime } from '../time.ts';

/**
 * Whether a change between two buses is at risk (issue 40): the bus the rider is on is expected
 * at the change stop after the next bus is expected to leave it, that is, its delay is more than
 * the change's margin (the next bus's own delay counted). Times 'HH:MM' as the journey gives
 * them; a bus without live data is at its planned time. The same minute is a change made.
 */
export function changeAtRisk(arrivingExpected: string, leavingExpected: string): boolean {
  const arrives = parseTime(arrivingExpected);
  const leaves = parseTime(leavingExpected);
  return arrives !== null && leaves !== null && arrives > leaves;
}
