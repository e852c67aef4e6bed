/**
 * Resolves after the event loop's next look at the sockets (its poll phase): the check phase's
 * callback queues another, which runs only after that poll. Work that awaits it lets the
 * requests waiting by then be read and answered first. A driver's report (issue 40) awaits it
 * three times (before its procedure, before it is placed and stored, before its answer is
 * written): a rider's departures answer, ready in a tenth of a millisecond, no longer waits
 * behind a whole report (about a millisecond) on the one event loop.
 */
export function afterWaitingRequests(): Promise<void> {
  return new Promise<void>((resolve) => {
    setImmediate(() => setImmediate(resolve));
  });
}
