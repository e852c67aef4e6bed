/**
 * Long builds of the planner (its timetable, a day's trips, a day's network: seconds at national
 * scale) written once as generators that yield now and then, and run either at once (tests, small
 * data) or in slices that let the event loop answer others in between (the server).
 */

/** A build that yields between pieces of work and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** How a build in slices gives way: `due` says the slice has run long enough, `pause` lets others run. */
export interface Slices {
  due(): boolean;
  pause(): Promise<void>;
}

/** Pieces of work between two yields in the planner's builds (a yield costs more than a piece). */
export const PIECES_PER_YIELD = 256;

/** Runs the build to its end at once. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs the build, pausing whenever a slice has run long enough. */
export async function runStepsInSlices<T>(steps: Steps<T>, slices: Slices): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (slices.due()) await slices.pause();
  }
}
