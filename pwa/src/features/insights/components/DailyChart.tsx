import { formatDate, formatNumber, type TInsightsDay, type TLanguage } from '@app/shared';
import { axisTicks, type TMetric } from '../lib/insights-format';

/** A day (YYYY-MM-DD, a Saudi day) as "10 Mar" / "10 مارس"; noon UTC keeps it the same day everywhere. */
export const dayLabel = (date: string, lang: TLanguage) =>
  formatDate(`${date}T12:00:00Z`, lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * One metric per day as bars, hand-written SVG (no chart library in the dashboard's bundle). Time runs in
 * the reading direction: right to left in Arabic. The SVG is a picture for sighted readers; the same
 * numbers are in a table for screen readers.
 */
export function DailyChart({
  daily,
  metric,
  label,
  summary,
  dateHeading,
  lang,
}: {
  daily: TInsightsDay[];
  metric: TMetric;
  /** The metric's name, the table's column heading. */
  label: string;
  /** One sentence that says what the picture shows. */
  summary: string;
  dateHeading: string;
  lang: TLanguage;
}) {
  const n = daily.length;
  const values = daily.map((d) => d[metric]);
  // Bars scale to the axis's top, a round number at or above the largest count.
  const [max, middle] = axisTicks(Math.max(0, ...values));
  const rtl = lang === 'ar';
  const slot = 10;
  const height = 100;
  return (
    <figure className="m-0">
      <div className="flex items-stretch gap-2">
        <div
          className="flex w-10 shrink-0 flex-col justify-between text-end text-xs text-slate-500 tabular-nums"
          aria-hidden="true"
        >
          <span>{formatNumber(max)}</span>
          <span>{formatNumber(middle)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${n * slot} ${height}`}
          preserveAspectRatio="none"
          className="h-44 w-full min-w-0 overflow-visible"
          role="img"
          aria-label={summary}
          data-testid="insights-chart"
        >
          {[0, 0.5, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={n * slot}
              y1={height - f * height}
              y2={height - f * height}
              stroke="#e2e8f0"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {daily.map((day, i) => {
            const value = values[i]!;
            const h = (value / max) * height;
            const x = (rtl ? n - 1 - i : i) * slot;
            return (
              <rect
                key={day.date}
                x={x + slot * 0.15}
                width={slot * 0.7}
                y={height - Math.max(h, value > 0 ? 1.5 : 0)}
                height={Math.max(h, value > 0 ? 1.5 : 0)}
                rx={n > 30 ? 0.5 : 1.5}
                className="fill-brand-600"
                data-value={value}
              >
                <title>{`${dayLabel(day.date, lang)}: ${formatNumber(value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <figcaption
        className="mt-2 flex justify-between ps-12 text-xs text-slate-500 tabular-nums"
        aria-hidden="true"
      >
        <span>{daily[0] ? dayLabel(daily[0].date, lang) : ''}</span>
        <span>{daily.at(-1) ? dayLabel(daily.at(-1)!.date, lang) : ''}</span>
      </figcaption>
      {/* In a clipped box: a table ignores a 1 px width and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{dateHeading}</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day, i) => (
              <tr key={day.date}>
                <td>{dayLabel(day.date, lang)}</td>
                <td>{formatNumber(values[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
