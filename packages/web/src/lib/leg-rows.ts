// A journey's leg on the trip page (/trip/:id?date=&from=&to=).

/**
 * The rows of a leg from `from` to `to` in the trip's travel order (the first visit of `from`,
 * then the first visit of `to` after it), or null when the address names no leg there.
 */
export function legRange(
  stops: readonly number[],
  from: number | null,
  to: number | null,
): [number, number] | null {
  if (from === null || to === null) return null;
  const start = stops.indexOf(from);
  const end = start === -1 ? -1 : stops.indexOf(to, start + 1);
  return end === -1 ? null : [start, end];
}

/** A row's marks on a leg: its two ends selected (the first is where the rider is), the stops between on the leg. */
export function legRowProps(
  [start, end]: [number, number],
  index: number,
): { className?: string; 'aria-current'?: 'location' } {
  if (index === start) return { className: 'is-selected', 'aria-current': 'location' };
  if (index === end) return { className: 'is-selected' };
  return index > start && index < end ? { className: 'is-on-leg' } : {};
}
