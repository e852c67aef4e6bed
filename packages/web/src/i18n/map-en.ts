/**
 * The visitors' maps (issue 29): the Map page, "Stops near me" and the line page's map, in a
 * catalogue of their own that only the map pages' chunks carry (like changes-en.ts), so the
 * home's first load has none of it. "Map" and "Stops near me" are the issue's; the rest is ours.
 */
export const mapEn = {
  heading: 'Map',
  label: 'Map of the bus stops',
  intro: 'Choose a stop on the map to see its departures.',
  noStops: 'No stop has been placed on the map yet.',
  tilesFailed:
    'The map background could not be loaded: the stops and the route are shown on a plain background.',
  proposed: (name: string) => `${name} (proposed position)`,
  routeStops: 'The stops of the route in order',
  nearMe: 'Stops near me',
  locating: 'Finding where you are…',
  refused:
    'You did not allow this site to know where you are, so the stops near you cannot be found. You can allow it in your browser’s settings, or choose a stop on the map.',
  unavailable:
    'Where you are cannot be found right now, so neither can the stops near you. Try again, or choose a stop on the map.',
  nearestHeading: 'The stops nearest to you',
  /** 350 -> '350 m', 1234 -> '1.2 km' */
  distance: (metres: number) => (metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`),
  away: (distance: string) => `${distance} away`,
  nextDepartures: (stop: string) => `Next departures from ${stop}`,
  noMoreToday: 'No more buses today',
  departuresOf: (stop: string) => `All departures from ${stop}`,
  /** The line page's map of the direction shown. */
  lineMap: (direction: string) => `The route on the map: ${direction}`,
  placedOf: (placed: number, total: number) =>
    placed === 0
      ? 'None of the stops of this route has been placed on the map yet.'
      : `${placed} of ${total} stops of this route are on the map.`,
};

export type MapMessages = typeof mapEn;
