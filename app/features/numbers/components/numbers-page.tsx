import { DownloadIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { formatNaira } from "~/lib/money";
import type { NumbersPage as NumbersData } from "../numbers.server";
import { bandRange } from "../price-band";
import { replyLabel } from "../public-record";
import { VIEW_SOURCE_LABELS } from "../view-source";
import { BarChart } from "./bar-chart";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}
const shortMonth = (month: string) => (MONTHS[Number(month.slice(5, 7)) - 1] ?? "").slice(0, 1);

const MONEY_SERIES = [
  { name: "Released to you", color: "#6d28d9" },
  { name: "Paid out to your bank", color: "#0f766e" },
  { name: "Still in escrow", color: "#b45309" },
  { name: "Booked, not yet paid", color: "#64748b" },
];

const th = "px-2 py-1.5 text-left font-medium";
const td = "px-2 py-1.5";
const num = "px-2 py-1.5 text-right tabular-nums";

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

function TableWrap({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too
    <section className="overflow-x-auto" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

export function NumbersPage({ numbers, slug }: { numbers: NumbersData; slug: string }) {
  const s = encodeURIComponent(slug);
  const { money, funnel, views } = numbers;
  const totals = money.reduce(
    (t, m) => [t[0] + m.releasedKobo, t[1] + m.paidOutKobo, t[2] + m.inEscrowKobo, t[3] + m.bookedUnpaidKobo],
    [0, 0, 0, 0],
  );
  const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Numbers</h1>
          <p className="text-sm text-muted-foreground">
            Your own bookings, money and visitors. Only you see this page.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/musician_numbers/${s}/bookings.csv`}
            download
            className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent"
          >
            <DownloadIcon aria-hidden className="size-4" /> Download CSV of bookings
          </a>
          <a
            href={`/musician_numbers/${s}/payouts.csv`}
            download
            className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent"
          >
            <DownloadIcon aria-hidden className="size-4" /> Download CSV of payouts
          </a>
        </div>
      </div>

      <Section
        title="Money by month"
        description="The last 12 months in Lagos time, your share after commission. Released and paid out by the day the money moved; escrow and unpaid bookings by the event's month (events still to come count in this month)."
      >
        <BarChart
          title="Money by month"
          series={MONEY_SERIES}
          groups={money.map((m) => ({
            label: monthLabel(m.month),
            short: shortMonth(m.month),
            values: [m.releasedKobo, m.paidOutKobo, m.inEscrowKobo, m.bookedUnpaidKobo],
          }))}
          format={formatNaira}
          testId="money-chart"
        />
        <TableWrap label="Money by month, table">
          <table className="w-full min-w-[34rem] text-sm" data-testid="money-table">
            <caption className="sr-only">Money by month</caption>
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>
                  Month
                </th>
                {MONEY_SERIES.map((x) => (
                  <th key={x.name} scope="col" className={cn(th, "text-right")}>
                    {x.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {money.map((m) => (
                <tr key={m.month} className="border-b last:border-0">
                  <th scope="row" className={td}>
                    {monthLabel(m.month)}
                  </th>
                  <td className={num}>{formatNaira(m.releasedKobo)}</td>
                  <td className={num}>{formatNaira(m.paidOutKobo)}</td>
                  <td className={num}>{formatNaira(m.inEscrowKobo)}</td>
                  <td className={num}>{formatNaira(m.bookedUnpaidKobo)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t font-semibold">
              <tr>
                <th scope="row" className={td}>
                  12 months
                </th>
                {totals.map((t, i) => (
                  <td key={MONEY_SERIES[i]?.name} className={num}>
                    {formatNaira(t)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </TableWrap>
      </Section>

      <nav aria-label="Period" className="flex gap-2">
        {([30, 90, 365] as const).map((w) => (
          <Link
            key={w}
            to={`?window=${w}`}
            preventScrollReset
            aria-current={numbers.window === w ? "page" : undefined}
            className={cn(
              "rounded-md border px-3 py-1.5 text-sm",
              numbers.window === w && "border-primary bg-accent font-semibold text-primary",
            )}
          >
            {w === 365 ? "12 months" : `${w} days`}
          </Link>
        ))}
      </nav>

      <Section
        title="From request to gig"
        description={`Requests received in the last ${numbers.window} days and what became of them.`}
      >
        <BarChart
          title="From request to gig"
          series={[{ name: "Requests", color: "#6d28d9" }]}
          groups={[
            { label: "Received", short: "Received", values: [funnel.received] },
            { label: "Replied", short: "Replied", values: [funnel.replied] },
            { label: "Booked", short: "Booked", values: [funnel.booked] },
            { label: "Performed", short: "Performed", values: [funnel.performed] },
          ]}
          format={String}
        />
        <TableWrap label="From request to gig, table">
          <table className="w-full text-sm" data-testid="funnel-table">
            <caption className="sr-only">From request to gig</caption>
            <tbody>
              {(
                [
                  ["Requests received", funnel.received],
                  ["Replied", funnel.replied],
                  ["Booked", funnel.booked],
                  ["Performed", funnel.performed],
                  ["Close rate (booked ÷ received)", pct(funnel.closeRate)],
                  [
                    "Median time to first reply",
                    funnel.medianReplySeconds === null
                      ? "—"
                      : replyLabel(funnel.medianReplySeconds).replace("Usually replies ", ""),
                  ],
                ] as const
              ).map(([label, value], i, rows) => (
                <tr key={label} className={i < rows.length - 1 ? "border-b" : undefined}>
                  <th scope="row" className={th}>
                    {label}
                  </th>
                  <td className={num}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </Section>

      <Section
        title="Who looks at you"
        description={`Visitors to your profile in the last ${numbers.window} days, each counted once a day. No cookies, no outside analytics, no addresses kept.`}
      >
        <p className="text-sm">
          <span className="font-semibold">{views.total}</span> {views.total === 1 ? "visit" : "visits"},{" "}
          <span className="font-semibold">{views.requested}</span> became{" "}
          {views.requested === 1 ? "a request" : "requests"}.
        </p>
        {views.byDay.length > 0 && (
          <BarChart
            title={views.period === "week" ? "Profile visits by week" : "Profile visits by day"}
            series={[
              { name: "Visits", color: "#6d28d9" },
              { name: "Became requests", color: "#0f766e" },
            ]}
            groups={views.byDay.map((d) => ({ label: d.day, short: "", values: [d.views, d.requested] }))}
            format={String}
          />
        )}
        <TableWrap label="Visits by where they came from, table">
          <table className="w-full text-sm" data-testid="sources-table">
            <caption className="sr-only">Visits by where they came from</caption>
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>
                  From
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Visits
                </th>
                <th scope="col" className={cn(th, "text-right")}>
                  Became requests
                </th>
              </tr>
            </thead>
            <tbody>
              {views.bySource.map((x) => (
                <tr key={x.source} className="border-b last:border-0">
                  <th scope="row" className={td}>
                    {VIEW_SOURCE_LABELS[x.source]}
                  </th>
                  <td className={num}>{x.views}</td>
                  <td className={num}>{x.requested}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
        {views.byDay.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer">
              {views.period === "week" ? "Visits by week" : "Visits by day"}
            </summary>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">
                {views.period === "week" ? "Visits by week" : "Visits by day"}
              </caption>
              <thead className="border-b">
                <tr>
                  <th scope="col" className={th}>
                    {views.period === "week" ? "Week from" : "Day"}
                  </th>
                  <th scope="col" className={cn(th, "text-right")}>
                    Visits
                  </th>
                  <th scope="col" className={cn(th, "text-right")}>
                    Became requests
                  </th>
                </tr>
              </thead>
              <tbody>
                {views.byDay.map((d) => (
                  <tr key={d.day} className="border-b last:border-0">
                    <th scope="row" className={td}>
                      {d.day}
                    </th>
                    <td className={num}>{d.views}</td>
                    <td className={num}>{d.requested}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
      </Section>

      <Section
        title="Your best months and event types"
        description="Paid bookings in the last 12 months, by the event's date."
      >
        {numbers.bestMonths.length === 0 ? (
          <p className="text-sm text-muted-foreground">No paid bookings in the last 12 months yet.</p>
        ) : (
          <ol className="list-decimal space-y-1 pl-5 text-sm" data-testid="best-months">
            {numbers.bestMonths.map((m) => (
              <li key={m.month}>
                {monthLabel(m.month)}: {m.gigs} {m.gigs === 1 ? "gig" : "gigs"}, {formatNaira(m.priceKobo)}{" "}
                booked
              </li>
            ))}
          </ol>
        )}
        {numbers.eventTypes.length > 0 && (
          <TableWrap label="Event types, table">
            <table className="w-full text-sm" data-testid="event-types-table">
              <caption className="sr-only">Event types</caption>
              <thead className="border-b">
                <tr>
                  <th scope="col" className={th}>
                    Event type
                  </th>
                  <th scope="col" className={cn(th, "text-right")}>
                    Gigs
                  </th>
                  <th scope="col" className={cn(th, "text-right")}>
                    Your average price
                  </th>
                  <th scope="col" className={cn(th, "text-right")}>
                    Others are booked for
                  </th>
                </tr>
              </thead>
              <tbody>
                {numbers.eventTypes.map((t) => (
                  <tr key={t.eventType} className="border-b last:border-0">
                    <th scope="row" className={td}>
                      {t.eventType}
                    </th>
                    <td className={num}>{t.gigs}</td>
                    <td className={num}>
                      {t.averagePriceKobo === null ? "—" : formatNaira(t.averagePriceKobo)}
                    </td>
                    <td className={num}>{t.band ? bandRange(t.band) : "Not enough bookings yet"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </Section>
    </div>
  );
}
