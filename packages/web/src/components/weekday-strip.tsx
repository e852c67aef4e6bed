import type { Weekday } from '@bus/core';
import { useMessages } from '../i18n/index.ts';
import { WEEKDAYS } from '../lib/core.ts';
import './weekday-strip.css';

/**
 * M T W T F S S with the running days dark and the others faded (still AA contrast). The
 * letters are decoration for sighted users; screen readers get 'Runs on Monday, ...'.
 */
export function WeekdayStrip({ days }: { days: readonly Weekday[] }) {
  const m = useMessages();
  const names = WEEKDAYS.flatMap((day, i) => (days.includes(day) ? [m.trip.weekdayNames[i]] : []));
  const text = names.length > 0 ? m.trip.runsOn(names.join(', ')) : m.trip.runsOnNoDay;
  return (
    <span className="weekdays">
      <span className="sr-only">{text}</span>
      <span className="weekdays__letters" aria-hidden="true">
        {WEEKDAYS.map((day, i) => (
          <span key={day} className={days.includes(day) ? 'weekday is-on' : 'weekday'}>
            {m.trip.weekdayLetters[i]}
          </span>
        ))}
      </span>
    </span>
  );
}
