// Bars drawn as plain SVG by React, on the server and in the browser alike (ADR 0031): no charting
// library, no script needed to see them. Each chart's numbers are also a table beside it; the SVG is a
// picture (role="img" with a summary), each bar titled for a pointer's hover where bars are wide enough.

export type Series = { name: string; color: string };
export type Group = { label: string; short: string; values: number[] };

const W = 360;
const H = 180;
const PAD_LEFT = 4;
const PAD_BOTTOM = 22;
/** More groups than this (a year by week) make bars too thin to point at: no per-bar hover titles. */
const MAX_POINTABLE_GROUPS = 31;
/** Two decimals are finer than any screen shows: a year by week is 106 bars, and the page weighs less. */
const px = (v: number) => Math.round(v * 100) / 100;

export function BarChart({
  title,
  series,
  groups,
  format,
  testId,
}: {
  title: string;
  series: Series[];
  groups: Group[];
  format: (v: number) => string;
  testId?: string;
}) {
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const slot = (W - PAD_LEFT) / Math.max(1, groups.length);
  const barW = Math.max(1.5, (slot - 3) / series.length);
  const plotH = H - PAD_BOTTOM;
  // A bar wide enough to point at is titled for the hover; a year by week (53 groups, bars ~3 px wide
  // on a phone) is not: its 106 titles would only add weight, and the table below has every figure.
  const pointable = groups.length <= MAX_POINTABLE_GROUPS;
  return (
    <figure className="space-y-2" data-testid={testId}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}: bar chart; the same figures are in the table below`}
      >
        <line x1={PAD_LEFT} x2={W} y1={plotH} y2={plotH} stroke="currentColor" strokeOpacity={0.3} />
        {groups.map((g, gi) => {
          const x0 = PAD_LEFT + gi * slot + 1.5;
          return (
            <g key={g.label}>
              {g.values.map((v, si) => {
                const h = (v / max) * (plotH - 4);
                const s = series[si] as Series;
                return (
                  <rect
                    key={s.name}
                    x={px(x0 + si * barW)}
                    y={px(plotH - h)}
                    width={px(Math.max(1, barW - 0.5))}
                    height={px(h)}
                    fill={s.color}
                    data-bar={`${g.label}|${s.name}`}
                    data-value={format(v)}
                  >
                    {pointable && <title>{`${g.label}, ${s.name}: ${format(v)}`}</title>}
                  </rect>
                );
              })}
              {g.short && (
                <text
                  x={px(x0 + (slot - 3) / 2)}
                  y={H - 8}
                  textAnchor="middle"
                  fontSize={9}
                  fill="currentColor"
                >
                  {g.short}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-1">
            <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: s.color }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
