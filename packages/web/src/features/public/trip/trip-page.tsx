import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

/** Single trip page (/trip/:tripId). Placeholder. */
export function TripPage({ tripId }: { tripId: string }) {
  const m = useMessages();
  return (
    <>
      <h1>{m.trip.heading(tripId)}</h1>
      <RouteParams params={{ tripId }} />
    </>
  );
}
