import { useMessages } from '../../../i18n/index.ts';

/** Bus stops with their usage (inline view/edit rows). Placeholder. */
export function BusStopsPage() {
  const m = useMessages();
  return <h1>{m.admin.busStops}</h1>;
}
