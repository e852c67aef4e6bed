/*
 * Live buses (issue 40): the rules that follow a trip from its bus's reported positions.
 *
 * The limits these rules live with, for the docs:
 * - The path is straight lines between placed stops, not roads: a fix is placed on the nearest
 *   part of it, preferring the earliest part within 50 m of the nearest (so a bus just past a
 *   corner counts as at the corner, and a loop's bus starts at its start).
 * - A stop without a position sits along the path where its planned minute puts it between its
 *   placed neighbours; one before the first placed stop is passed with it, and one after the
 *   last placed stop is passed once the bus leaves that stop (the trip then ends).
 * - With one placed stop there is no direction: the bus is at it within 60 m and has left it
 *   when, having been there, it is further.
 * - A stop passed between two reports gets the instant the bus went by it at an even speed.
 */
export * from './change-risk.ts';
export * from './constants.ts';
export * from './path.ts';
export * from './predict.ts';
export * from './progress.ts';
// Staff's punctuality report from the observed stop times.
export * from './punctuality.ts';
export * from './rank.ts';
export * from './refuse.ts';
export * from './types.ts';
