import type { ReactNode } from 'react';
import { useMessages } from '../i18n/index.ts';
import { legRowProps } from '../lib/leg-rows.ts';
import type { StopTime } from '../lib/schedule.ts';
import './pages.css';
import './stop-times-table.css';

/** One trip's stops and times in travel order; the visitor's from stop is highlighted. */
export function StopTimesTable({
  caption,
  rows,
  highlightStopId,
  highlightRange = null,
  className,
  renderTime,
}: {
  caption: ReactNode;
  rows: readonly StopTime[];
  highlightStopId: number | null;
  /** A journey's leg, rows start..end, highlighted instead (trip-table.ts legRange). */
  highlightRange?: [number, number] | null;
  /** A class of the page's own, beside the wrapper's table-wrap. */
  className?: string;
  /** The time cell's content, when the page marks times (a date's service changes); else the time. */
  renderTime?: ((row: StopTime, index: number) => ReactNode) | undefined;
}) {
  const m = useMessages();
  return (
    <div className={className === undefined ? 'table-wrap' : `table-wrap ${className}`}>
      <table className="table stop-times">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.trip.stop}</th>
            <th scope="col" className="num">
              {m.line.time}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const selected = row.stop.id === highlightStopId;
            const marks =
              highlightRange !== null
                ? legRowProps(highlightRange, index)
                : selected
                  ? { className: 'is-selected', 'aria-current': 'location' as const }
                  : {};
            return (
              <tr key={`${row.stop.id}-${index}`} {...marks}>
                <th scope="row">{row.stop.name}</th>
                <td className="num">{renderTime ? renderTime(row, index) : (row.time ?? '')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
