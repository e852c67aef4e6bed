/**
 * What the bus stops screen shows besides its search box, kept in the address so other screens
 * can link to it (the Publishing screen's problems): one stop (`?stop=12`, opened for editing)
 * or only the stops without a position (`?position=missing`).
 */
export interface StopsFilter {
  /** Only this stop. */
  stopId: number | null;
  /** Only stops without a position. */
  missingPosition: boolean;
}

export function stopsFilterFromSearch(search: string): StopsFilter {
  const params = new URLSearchParams(search);
  const stop = params.get('stop') ?? '';
  const stopId = /^[1-9]\d{0,14}$/.test(stop) ? Number(stop) : null;
  return { stopId, missingPosition: params.get('position') === 'missing' };
}

/** The query string of a filter ('' or '?…'), in a fixed order. */
export function searchFromStopsFilter(filter: StopsFilter): string {
  const params = new URLSearchParams();
  if (filter.stopId !== null) params.set('stop', String(filter.stopId));
  if (filter.missingPosition) params.set('position', 'missing');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The address of the bus stops screen (relative to the admin panel) showing this filter. */
export function busStopsHref(filter: Partial<StopsFilter> = {}): string {
  return `/bus-stops${searchFromStopsFilter({ stopId: null, missingPosition: false, ...filter })}`;
}

/** The items the filter lets through, in their order. */
export function filterStops<T extends { stop: { id: number; position: unknown } }>(
  items: readonly T[],
  filter: StopsFilter,
): T[] {
  return items.filter(
    (item) =>
      (filter.stopId === null || item.stop.id === filter.stopId) &&
      (!filter.missingPosition || item.stop.position === null),
  );
}

/** An OpenStreetMap page centred on a position, to check it by eye. */
export function mapHref(position: { lat: number; lon: number }): string {
  const { lat, lon } = position;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}
