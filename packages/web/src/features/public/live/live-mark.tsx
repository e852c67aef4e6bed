import { useLiveMessages } from '../../../i18n/live.ts';
import type { Live } from '../departures/countdown.ts';
import './live-mark.css';

/**
 * The marks of a followed bus's departure (issue 40), beside its chip on the home and in Next
 * buses: the expected time and 'on time' / '3 min late' / '2 min early', with a small live mark
 * and the age of the bus's position; 'has left' once it has left the stop; 'no live data' when
 * it has not been heard from for 3 minutes (its planned time counts again). A chunk of its own,
 * with its words in both languages: the home fetches it only for an answer with a followed bus.
 */
export function LiveMark({ live }: { live: Live }) {
  const t = useLiveMessages();
  if (live.departed) return <span className="live-mark live-mark--gone">{t.departed}</span>;
  if (live.noLiveData) return <span className="live-mark live-mark--none">{t.noLiveData}</span>;
  const minutes = live.delayMinutes ?? 0;
  return (
    <span className="live-mark">
      <span>
        <span className="sr-only">{t.expected} </span>
        <b className="live-mark__time">{live.expectedTime}</b>{' '}
        <span className={minutes > 0 ? 'live-mark__late' : 'live-mark__on-time'}>{t.delay(minutes)}</span>
      </span>{' '}
      <small className="live-mark__age">{t.live(t.age(live.positionAge))}</small>
    </span>
  );
}
