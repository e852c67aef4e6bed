import { delayMinutes, useLiveMessages } from '../../../i18n/live.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import '../live/live-mark.css';

type LiveStop = NonNullable<PublicOutput<'liveTrip'>['live']>['stops'][number];

/**
 * Where a followed bus is along its stops today (issue 40, timetable.liveTrip, asked again every
 * 15 s while the page is shown): the delay and the age of its position, then each stop with its
 * planned time and what is known now: when the bus left it (the observed time), that it stands
 * there, or when it is expected (the next stop marked). Without live data for 3 minutes it says so and
 * the times are the timetable's; at its last stop, that the trip is over. Nothing at all for a
 * trip nobody follows today.
 */
export function TripLive({ tripId }: { tripId: number }) {
  const t = useLiveMessages();
  const result = usePublicQuery('liveTrip', { id: tripId }, { every: 15_000 });
  const live = result.data?.live;
  if (!live) return null;
  const minutes = live.delaySeconds === null ? null : delayMinutes(live.delaySeconds);
  const now = (stop: LiveStop) => {
    if (stop.status === 'passed') return stop.observed === null ? t.trip.passed : t.trip.left(stop.observed);
    return stop.status === 'at' ? t.trip.at : stop.expected;
  };
  return (
    <section className="trip-live" aria-labelledby="trip-live-heading">
      <h2 id="trip-live-heading">{t.trip.heading}</h2>
      <p className="trip-live__summary">
        {live.ended ? (
          t.trip.ended
        ) : live.noLiveData || minutes === null ? (
          t.trip.noLiveData
        ) : (
          <>
            <strong className={minutes > 0 ? 'live-mark__late' : 'live-mark__on-time'}>
              {t.delay(minutes)}
            </strong>{' '}
            <small className="live-mark__age">{t.live(t.age(live.positionAge))}</small>
          </>
        )}
      </p>
      <div className="table-wrap">
        <table className="table trip-live__stops">
          <caption className="sr-only">{t.trip.heading}</caption>
          <thead>
            <tr>
              <th scope="col">{t.trip.stop}</th>
              <th scope="col" className="num">
                {t.trip.planned}
              </th>
              <th scope="col" className="num">
                {t.trip.expected}
              </th>
            </tr>
          </thead>
          <tbody>
            {live.stops.map((stop, index) => (
              <tr
                key={`${stop.stopId}-${index}`}
                className={`is-${stop.status}`}
                aria-current={stop.status === 'at' || stop.status === 'next' ? 'location' : undefined}
              >
                <th scope="row">
                  {stop.name}
                  {stop.status === 'next' && <small className="trip-live__next">{t.trip.next}</small>}
                </th>
                <td className="num">{stop.planned}</td>
                <td className="num">{now(stop)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
