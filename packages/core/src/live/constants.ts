/** No report for this long and a trip shows its planned times again, "no live data". */
export const LIVE_STALE_MS = 180_000;

/** A bus this close to a stop's map position is at the stop. */
export const LIVE_STOP_RADIUS_M = 60;

/** A report further than this from every part of the trip's path is refused. */
export const LIVE_MAX_OFF_PATH_M = 2000;

/** A move from the previous report faster than this is refused (a jump of the fix, not a bus). */
export const LIVE_MAX_SPEED_KMH = 150;

/** A report whose time is further than this from the server's clock is refused. */
export const LIVE_MAX_CLOCK_SKEW_MS = 120_000;

/** Reports closer together than this are refused: a second is all a phone's fix resolves. */
export const LIVE_MIN_REPORT_GAP_MS = 1000;

/**
 * How far back along the path a fix may land and still count as the same place: a phone's fix
 * wanders by tens of metres, and a bus never really drives its route backwards.
 */
export const LIVE_NOISE_M = 50;

/** A move shorter than this says nothing about which way the bus faces (fix noise at a stop). */
export const LIVE_BEARING_MIN_MOVE_M = 10;
