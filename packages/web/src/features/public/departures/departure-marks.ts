/**
 * What the marks beside a departure say (pure: the home's chips draw them with React, the stop
 * widget for other sites, features/public/embed, with the DOM; both read these): a service
 * change's mark (issue 27) and a followed bus's marks (issue 40).
 */
import type { ChangesMessages } from '../../../i18n/changes-en.ts';
import type { LiveMessages } from '../../../i18n/live-en.ts';
import type { Live } from './countdown.ts';
import type { Changed } from './next-departures.ts';

/** "Cancelled" or "Not served at this stop" for a departure a service change takes away; else null. */
export function changeMark(item: Changed, c: ChangesMessages): string | null {
  return item.cancelled ? c.cancelled : item.notServed ? c.notServed : null;
}

/** A followed bus's marks: gone, no live data, or its expected time with its delay and the age of its position. */
export type LiveMarkView =
  | { kind: 'gone' | 'none'; text: string }
  | {
      kind: 'followed';
      /** Read before the time by a screen reader ('expected at'). */
      expected: string;
      time: string;
      /** 'on time', '3 min late', '2 min early'. */
      delay: string;
      late: boolean;
      /** 'live · 20 s ago'. */
      age: string;
    };

export function liveMarkView(live: Live, t: LiveMessages): LiveMarkView {
  if (live.departed) return { kind: 'gone', text: t.departed };
  if (live.noLiveData) return { kind: 'none', text: t.noLiveData };
  const minutes = live.delayMinutes ?? 0;
  return {
    kind: 'followed',
    expected: t.expected,
    time: live.expectedTime,
    delay: t.delay(minutes),
    late: minutes > 0,
    age: t.live(t.age(live.positionAge)),
  };
}
