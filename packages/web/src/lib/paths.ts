/** Public page paths, built in one place so links and routes agree (spec section 2). */

export function linePath(
  lineId: number | string,
  schedId?: number | string,
  tripId?: number | string,
): string {
  return schedId === undefined || tripId === undefined
    ? `/browse/${lineId}`
    : `/browse/${lineId}/${schedId}/${tripId}`;
}

export function tripPath(tripId: number | string): string {
  return `/trip/${tripId}`;
}
