import { useCallback, useEffect, useRef, useState } from 'react';
import type { Fix } from './report-queue.ts';

/** Why the page has no position: location not allowed, none to be had, or no Geolocation API. */
export type PositionProblem = 'denied' | 'unavailable' | 'unsupported';

export interface Positions {
  /** The newest position, stamped when it arrived. */
  latest: Fix | null;
  problem: PositionProblem | null;
  /** Called with every new position, as it arrives (the trip's reports). */
  subscribe: (listener: (fix: Fix) => void) => () => void;
}

const finite = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

/**
 * The phone's position while the drivers' page is open: the Geolocation API's watch with high
 * accuracy, each position stamped with Date.now() as it arrives. A refusal or a lost position
 * is said (problem); a permission taken back is seen through the Permissions API where there
 * is one, and a permission given again starts the watch anew.
 */
export function usePositions(): Positions {
  const listeners = useRef(new Set<(fix: Fix) => void>());
  const [state, setState] = useState<{ latest: Fix | null; problem: PositionProblem | null }>({
    latest: null,
    problem: null,
  });
  // A new watch after the permission is given again.
  const [watch, setWatch] = useState(0);

  useEffect(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setState((s) => ({ ...s, problem: 'unsupported' }));
      return;
    }
    const id = geolocation.watchPosition(
      ({ coords }) => {
        const heading = finite(coords.heading);
        const fix: Fix = {
          lat: coords.latitude,
          lon: coords.longitude,
          accuracy: finite(coords.accuracy),
          heading: heading !== null && heading >= 0 && heading <= 360 ? heading : null,
          at: Date.now(),
        };
        setState({ latest: fix, problem: null });
        for (const listener of listeners.current) listener(fix);
      },
      (error) =>
        setState((s) => ({
          ...s,
          problem: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
        })),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    return () => geolocation.clearWatch(id);
  }, [watch]);

  // The permission taken back while the page is open: said at once; given again: watched anew.
  useEffect(() => {
    let status: PermissionStatus | undefined;
    let stopped = false;
    const changed = () => {
      if (status?.state === 'denied') setState((s) => ({ ...s, problem: 'denied' }));
      else if (status?.state === 'granted') setWatch((n) => n + 1);
    };
    navigator.permissions?.query({ name: 'geolocation' }).then(
      (found) => {
        if (stopped) return;
        status = found;
        found.addEventListener('change', changed);
      },
      () => {
        // No Permissions API for geolocation here: the watch's own errors say it.
      },
    );
    return () => {
      stopped = true;
      status?.removeEventListener('change', changed);
    };
  }, []);

  const subscribe = useCallback((listener: (fix: Fix) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  return { ...state, subscribe };
}

/**
 * Keeps the screen on while `on` (the Screen Wake Lock API, asked again when the page is shown
 * again, since the browser lets it go when the page is hidden); whether it holds. A browser
 * without the API, or one that refuses, leaves the screen as it is and says nothing.
 */
export function useWakeLock(on: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible' || (sentinel !== null && !sentinel.released)) return;
      navigator.wakeLock.request('screen').then(
        (lock) => {
          if (stopped) {
            void lock.release();
            return;
          }
          sentinel = lock;
          setHeld(true);
          lock.addEventListener('release', () => setHeld(false));
        },
        () => setHeld(false),
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => undefined);
    };
  }, [on]);
  return held;
}
