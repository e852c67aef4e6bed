import { Link } from 'wouter';
import { useDatedMessages } from '../../../i18n/dated.ts';

/**
 * "New timetable from 1 January" on a line's page and on the departures of
 * a stop it serves, linking to the comparison for the stop and direction (/compare).
 */
export function NewTimetableNotice({
  items,
  stopId,
  dir,
}: {
  items: readonly { lineName?: string; from: string }[];
  stopId: number;
  dir: string;
}) {
  const m = useDatedMessages();
  return (
    <>
      {items.map((item) => (
        <p key={`${item.lineName ?? ''}${item.from}`} className="notice new-timetable">
          {item.lineName !== undefined && m.ofLine(item.lineName)}
          <strong>
            {item.lineName !== undefined ? m.newTimetableOfLine(item.from) : m.newTimetable(item.from)}
          </strong>{' '}
          <Link href={`/compare?${new URLSearchParams({ from: String(stopId), dir, change: item.from })}`}>
            {m.compareLink}
          </Link>
        </p>
      ))}
    </>
  );
}

/** The departures answer's notices (its stop and direction are compared). */
export function StopNewTimetables({
  of,
}: {
  of: { newTimetables?: { lineName: string; from: string }[]; query: { from: number; dir: string } };
}) {
  return <NewTimetableNotice items={of.newTimetables ?? []} stopId={of.query.from} dir={of.query.dir} />;
}
