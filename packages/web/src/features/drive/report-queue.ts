import { distanceMetres } from '@bus/core/browser';

/**
 * One position from the phone, stamped with the page's clock when it arrived (Date.now(), not
 * the fix's own timestamp, which some phones take from a GPS clock of their own).
 */
export interface Fix {
  lat: number;
  lon: number;
  /** Metres; null when the phone does not say. */
  accuracy: number | null;
  /** Degrees clockwise from north; null when the phone does not know (standing still). */
  heading: number | null;
  at: number;
}

/** While positions come, the newest is sent this often... */
export const REPORT_EVERY_MS = 5_000;
/** ...and at once when the bus has moved this far from the last one sent. */
export const REPORT_MOVE_M = 50;
/** The server refuses a position less than a second after the one before. */
export const REPORT_MIN_GAP_MS = 1_000;
/** The server refuses a position more than 2 minutes off its clock: an older one is not sent. */
export const REPORT_MAX_AGE_MS = 110_000;
/** After a failed send (no connection), the next try waits this long unless the browser says it is online. */
export const REPORT_RETRY_MS = 10_000;
/** No position for this long: the page says the signal is lost. */
export const SIGNAL_LOST_MS = 30_000;

/**
 * Which of the phone's positions the drivers' page sends, and when (issue 40). Pure: the page
 * calls it with the positions and the clock, and sends what it says.
 *
 * - The newest position only: a new one replaces any not sent yet.
 * - Sent at once when it is the trip's first, or has moved 50 m from the last one sent; else
 *   once 5 s have passed since the last send (so every 5-10 s while the phone gives positions).
 * - Never two less than a second apart (by their times), one at a time. One that came less than
 *   a second after the last one sent waits for a newer one; when none has come a second after
 *   the last one sent, it goes stamped with that second (the phone has said nothing newer, so
 *   it is still there as far as the page knows). It is not held until the phone moves again.
 * - No connection: the position waits (a newer one replaces it) and is sent when the browser
 *   is online again, or tried again after 10 s; one older than the server takes is dropped.
 */
export class ReportQueue {
  private pending: Fix | null = null;
  private lastSent: Fix | null = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private inFlight = false;
  private offlineAt: number | null = null;

  /** A new position from the phone; the position to send now, if any (see next). */
  add(fix: Fix, now: number): Fix | null {
    this.pending = fix;
    return this.next(now);
  }

  /**
   * The position to send now, or null: it is then on its way, and the queue sends nothing else
   * until it is told how that went (sent, or offline).
   */
  next(now: number): Fix | null {
    let fix = this.pending;
    if (fix === null || this.inFlight) return null;
    if (this.offlineAt !== null && now - this.offlineAt < REPORT_RETRY_MS) return null;
    if (now - fix.at > REPORT_MAX_AGE_MS) {
      this.pending = null;
      return null;
    }
    const last = this.lastSent;
    if (last !== null) {
      if (fix.at - last.at < REPORT_MIN_GAP_MS) {
        if (now - last.at < REPORT_MIN_GAP_MS) return null;
        fix = { ...fix, at: last.at + REPORT_MIN_GAP_MS };
      }
      const moved = distanceMetres(last, fix) >= REPORT_MOVE_M;
      if (!moved && now - this.lastSentAt < REPORT_EVERY_MS) return null;
    }
    this.pending = null;
    this.inFlight = true;
    return fix;
  }

  /** The server answered (took it, or refused it: a refused position is not sent again). */
  sent(fix: Fix, now: number): void {
    this.inFlight = false;
    this.offlineAt = null;
    this.lastSent = fix;
    this.lastSentAt = now;
  }

  /** It did not reach the server: it waits again, unless a newer position came meanwhile. */
  offline(fix: Fix, now: number): void {
    this.inFlight = false;
    this.offlineAt = now;
    if (this.pending === null || this.pending.at < fix.at) this.pending = fix;
  }

  /** The browser says it is online again: the waiting position may go at once. */
  online(): void {
    this.offlineAt = null;
  }

  /** Whether the last send failed for want of a connection (and none has got through since). */
  get isOffline(): boolean {
    return this.offlineAt !== null;
  }

  /** The position waiting to be sent, if any. */
  get waiting(): Fix | null {
    return this.pending;
  }
}

/** Whether the phone has given no position for SIGNAL_LOST_MS (since `since`, when none yet). */
export function signalLost(lastFixAt: number | null, since: number, now: number): boolean {
  return now - Math.max(lastFixAt ?? since, since) >= SIGNAL_LOST_MS;
}
