import { useLiveMessages } from '../../../i18n/live.ts';
import type { Live } from '../departures/countdown.ts';
import { liveMarkView } from '../departures/departure-marks.ts';
import './live-mark.css';

/**
 * The marks of a followed bus's departure (issue 40), beside its chip on the home and in Next
 * buses: the expected time and 'on time' / '3 min late' / '2 min early', with a small live mark
 * and the age of the bus's position; 'has left' once it has left the stop; 'no live data' when
 * it has not been heard from for 3 minutes (its planned time counts again). A chunk of its own,
 * with its words in both languages: the home fetches it only for an answer with a followed bus.
 * What it says is departure-marks.ts's, which the stop widget for other sites draws too.
 */
export function LiveMark({ live }: { live: Live }) {
  const view = liveMarkView(live, useLiveMessages());
  if (view.kind !== 'followed')
    return <span className={`live-mark live-mark--${view.kind}`}>{view.text}</span>;
  return (
    <span className="live-mark">
      <span>
        <span className="sr-only">{view.expected} </span>
        <b className="live-mark__time">{view.time}</b>{' '}
        <span className={view.late ? 'live-mark__late' : 'live-mark__on-time'}>{view.delay}</span>
      </span>{' '}
      <small className="live-mark__age">{view.age}</small>
    </span>
  );
}
