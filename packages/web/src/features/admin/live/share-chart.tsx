import { useId } from 'react';

/** One bar: its label and the share (0..1) it shows; null: nothing observed. */
export interface ShareBar {
  key: string | number;
  label: string;
  share: number | null;
  /** The share as the page writes it ('87%'). */
  text: string;
}

/** Height of one bar's row, px. */
const ROW = 26;
/** Where the bars start and end, as parts of the width (the labels before, the values after). */
const BAR_START = 0.34;
const BAR_END = 0.84;

const percent = (part: number) => `${Math.round(part * 10_000) / 100}%`;

/**
 * The on-time share as horizontal bars (inline SVG, no chart library): a row per line or per
 * hour, the bar's length the share, a faint track for the whole. An image for assistive
 * technology, named by its title and described by its description (which points to the table
 * with the same numbers, the accessible form of the chart); the title shows above it too, hidden
 * from assistive technology there so it is not read twice. Widths are percentages of the
 * chart's own, so the text keeps its size at any width.
 */
export function ShareChart({
  title,
  description,
  bars,
}: {
  title: string;
  description: string;
  bars: ShareBar[];
}) {
  const id = useId();
  const height = bars.length * ROW + 4;
  const barWidth = BAR_END - BAR_START;
  return (
    <div className="share-chart">
      <p className="share-chart__heading" aria-hidden="true">
        {title}
      </p>
      <svg
        className="share-chart__svg"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width="100%"
        height={height}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.map((bar, i) => {
          const y = i * ROW + 2;
          return (
            <g key={bar.key}>
              <text className="share-chart__label" x="0" y={y + ROW / 2} dominantBaseline="middle">
                {bar.label}
              </text>
              <rect
                className="share-chart__track"
                x={percent(BAR_START)}
                y={y + 4}
                width={percent(barWidth)}
                height={ROW - 8}
                rx="3"
              />
              {bar.share !== null && bar.share > 0 && (
                <rect
                  className="share-chart__bar"
                  x={percent(BAR_START)}
                  y={y + 4}
                  width={percent(barWidth * Math.min(1, bar.share))}
                  height={ROW - 8}
                  rx="3"
                />
              )}
              <text
                className="share-chart__value"
                x="100%"
                y={y + ROW / 2}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {bar.text}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
