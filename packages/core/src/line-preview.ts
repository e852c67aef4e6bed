/**
 * Browse list facts of a line (domain rules, 'Lines list'): the main stops are those of its
 * first route variation; the extra stops those that appear only in its other variations.
 */
export interface PreviewStop {
  id: number;
  name: string;
}

export interface LineStopsPreview {
  /** Stops of the main route in route order, duplicates kept (a loop lists a stop twice). */
  mainStops: PreviewStop[];
  /** Stops only the other variations serve, first appearance order; null when the line has one route or none. */
  extraStops: PreviewStop[] | null;
}

export function lineStopsPreview(routesById: readonly { stops: readonly PreviewStop[] }[]): LineStopsPreview {
  const [main, ...others] = routesById;
  if (!main) return { mainStops: [], extraStops: null };
  const mainStops = main.stops.map(({ id, name }) => ({ id, name }));
  if (others.length === 0) return { mainStops, extraStops: null };
  const seen = new Set(mainStops.map((s) => s.id));
  const extraStops: PreviewStop[] = [];
  for (const route of others) {
    for (const stop of route.stops) {
      if (seen.has(stop.id)) continue;
      seen.add(stop.id);
      extraStops.push({ id: stop.id, name: stop.name });
    }
  }
  return { mainStops, extraStops };
}
