/**
 * Addresses of the printed timetables and the calendar feeds (fixed: the home links to them too).
 *   /print/stop/{stopId}?dir=&to=&date=   the stop poster (the home's selection)
 *   /print/line/{lineId}?date=            a line's timetable per direction
 *   /calendar/stop/{stopId}.ics?dir=Out+bound|City+bound&to={stopId}
 *   /calendar/trip/{tripId}.ics
 */

export function printLinePath(lineId: number | string, date?: string | null): string {
  return date ? `/print/line/${lineId}?${new URLSearchParams({ date })}` : `/print/line/${lineId}`;
}

export function tripCalendarPath(tripId: number | string): string {
  return `/calendar/trip/${tripId}.ics`;
}

/** The same feed for a calendar app to subscribe to (webcal: is https: for calendar apps). */
export function subscribeUrl(path: string, origin: string): string {
  return `${origin.replace(/^https?:/, 'webcal:')}${path}`;
}
