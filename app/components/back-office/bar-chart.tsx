// A horizontal bar chart in inline SVG: one bar per row, the value written at its end, the
// labels in text. The table next to it carries the same figures, so the chart is a picture of
// it (role="img" with a summary), not a second source.
export function BarChart({ title, rows, unit = "" }: { title: string; rows: { label: string; value: number }[]; unit?: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const labelWidth = 190;
  const barArea = 300;
  const rowHeight = 28;
  const height = rows.length * rowHeight + 8;
  const summary = rows.map((r) => `${r.label}: ${r.value}${unit}`).join("; ");
  return (
    <svg className="bo-grafico" viewBox={`0 0 ${labelWidth + barArea + 70} ${height}`} role="img" aria-label={`${title}. ${summary}`} focusable="false">
      {rows.map((r, i) => {
        const y = 4 + i * rowHeight;
        const w = Math.max(r.value > 0 ? 2 : 0, Math.round((r.value / max) * barArea));
        return (
          <g key={r.label}>
            <text x={labelWidth - 8} y={y + 17} textAnchor="end">{r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label}</text>
            <rect x={labelWidth} y={y + 4} width={w} height={rowHeight - 10} rx={3} fill="#1351b4" />
            <text x={labelWidth + w + 6} y={y + 17}>{r.value.toLocaleString("pt-BR")}{unit}</text>
          </g>
        );
      })}
    </svg>
  );
}
