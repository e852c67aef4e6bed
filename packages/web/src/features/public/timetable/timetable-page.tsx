import { useSearch } from 'wouter';
import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

/** Timetable home (/): departures for the chosen stop, date and direction. Placeholder. */
export function TimetablePage() {
  const m = useMessages();
  const search = useSearch();
  return (
    <>
      <h1>{m.timetable.heading}</h1>
      <RouteParams params={Object.fromEntries(new URLSearchParams(search))} />
    </>
  );
}
