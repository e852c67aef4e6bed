/**
 * The bounds of what staff may save as fares (issue 41): wide enough for any real price list,
 * narrow enough that no input can make a fare table or a history entry huge.
 */

/** The most a price may be, in cents (1000 €). */
export const MAX_FARE_CENTS = 100_000;
/** The longest a distance band may reach, in metres (2000 km). */
export const MAX_BAND_METERS = 2_000_000;
/** The most distance bands one rule may have. */
export const MAX_FARE_BANDS = 100;
/** The most pair fares one rule may have. */
export const MAX_PAIR_FARES = 1000;
/** A distance fare is rounded to a step of 1 to this many cents. */
export const MAX_ROUNDING_CENTS = 100;
/** A through fare's change time: at most this many minutes between the two buses (12 hours). */
export const MAX_THROUGH_CHANGE_MINUTES = 720;
