import { t } from '@/lib/i18n';

const ROW = 26;
const LABEL_W = 150;
const BAR_MAX = 190;
const WIDTH = 400;

/** Shortens a label for drawing (the full text stays in the chart's accessible name). */
function clip(text: string, max = 19): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A horizontal bar chart in plain SVG: each bar with its label and number as text; the chart is named for screen readers. */
export function BarChart({ title, data, limit = 10 }: { title: string; data: Record<string, number>; limit?: number }) {
  const entries = Object.entries(data)
    .map(([label, value]) => [label.trim() || t('optionsChartNoLabel'), Number.isFinite(value) ? Math.max(0, value) : 0] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit);
  const max = Math.max(1, ...entries.map(([, v]) => v));
  const summary = `${title}: ${entries.map(([l, v]) => `${l} ${v}`).join(', ')}`;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      {entries.length === 0 ? (
        <p className="muted">{t('optionsChartEmpty')}</p>
      ) : (
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${WIDTH} ${entries.length * ROW}`}
          width="100%"
          preserveAspectRatio="xMinYMin meet"
          className="bars"
        >
          {entries.map(([label, value], i) => {
            const w = value === 0 ? 0 : Math.max(2, Math.round((value / max) * BAR_MAX));
            return (
              <g key={`${label}-${i}`} transform={`translate(0 ${i * ROW})`}>
                <text x={0} y={17} className="bar-label">
                  {clip(label)}
                </text>
                <rect x={LABEL_W} y={5} width={w} height={16} rx={3} className="bar" />
                <text x={LABEL_W + w + 6} y={17} className="bar-value">
                  {value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
