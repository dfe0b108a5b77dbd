import { formatNumber } from "~/domain/format";
// A bar chart in inline SVG, sized for a phone. The table beside it carries the same figures, so
// the chart is a picture of it (role="img", figures in its name), not a second source.
export function BarChart({
  title,
  rows,
  unit = "",
}: {
  title: string;
  rows: { label: string; value: number }[];
  unit?: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const width = 400;
  const barArea = 330;
  const rowHeight = 40;
  const height = rows.length * rowHeight + 4;
  const summary = rows.map((r) => `${r.label}: ${formatNumber(r.value)}${unit}`).join("; ");
  return (
    <svg
      className="bo-grafico"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${title}. ${summary}`}
      focusable="false"
    >
      {rows.map((r, i) => {
        const y = i * rowHeight;
        const w = r.value > 0 ? Math.max(2, Math.round((r.value / max) * barArea)) : 0;
        return (
          <g key={r.label}>
            <text x={0} y={y + 15}>
              {r.label.length > 52 ? `${r.label.slice(0, 51)}…` : r.label}
            </text>
            <rect x={0} y={y + 21} width={w} height={14} rx={3} fill="#1351b4" />
            <text x={w + 6} y={y + 33}>
              {formatNumber(r.value)}
              {unit}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
