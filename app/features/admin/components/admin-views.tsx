import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { adminBookings, adminOverview, adminReports, adminUsers } from "../admin.server";

type Overview = Awaited<ReturnType<typeof adminOverview>>;
type Users = Awaited<ReturnType<typeof adminUsers>>;
type Bookings = Awaited<ReturnType<typeof adminBookings>>;
type Reports = Awaited<ReturnType<typeof adminReports>>;

const fmt = (n: number) => n.toLocaleString("en-NG");

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p
          className="text-3xl font-bold"
          data-testid={`admin-stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
        >
          {fmt(value)}
        </p>
      </CardContent>
    </Card>
  );
}

export function AdminOverview({ data }: { data: Overview }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Users" value={data.counts.totalUsers} />
        <Stat label="Verified Musicians" value={data.counts.verifiedMusicians} />
        <Stat label="Active Bookings" value={data.counts.activeBookings} />
        <Stat label="Completed Bookings" value={data.counts.completedBookings} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
        </CardHeader>
        <CardContent>
          {data.activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">No recent activity</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Recent activity">
              {data.activity.map((a) => (
                <li key={a.id} className="flex flex-wrap justify-between gap-2 text-sm">
                  <span>{a.text}</span>
                  <time dateTime={a.at} className="text-muted-foreground">
                    {a.ago}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Pager({ tab, page, pages, total }: { tab: string; page: number; pages: number; total: number }) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-muted-foreground">
        Page {page} of {fmt(pages)} · {fmt(total)} total
      </span>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`?tab=${tab}&page=${page - 1}`}>Previous</Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Previous
          </Button>
        )}
        {page < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`?tab=${tab}&page=${page + 1}`}>Next</Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Next
          </Button>
        )}
      </div>
    </nav>
  );
}

function Table({ head, children, label }: { head: string[]; children: React.ReactNode; label: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted/50">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function ViewButton({ href }: { href: string | null }) {
  return href ? (
    <Button asChild variant="outline" size="sm">
      <Link to={href}>View</Link>
    </Button>
  ) : (
    <Button variant="outline" size="sm" disabled title="Website not active">
      View
    </Button>
  );
}

export function AdminUsers({ data }: { data: Users }) {
  return (
    <div className="flex flex-col gap-3">
      <Table label="Users" head={["Name", "Email", "Role", "Status", "Join date", ""]}>
        {data.rows.map((u) => (
          <tr key={u.id} className="border-t">
            <td className="px-3 py-2">{u.name}</td>
            <td className="px-3 py-2">{u.email}</td>
            <td className="px-3 py-2 capitalize">{u.role}</td>
            <td className="px-3 py-2">
              <Badge variant={u.status === "active" ? "default" : "secondary"}>{u.status}</Badge>
            </td>
            <td className="px-3 py-2">{u.joinDate}</td>
            <td className="px-3 py-2 text-right">
              <ViewButton href={u.href} />
            </td>
          </tr>
        ))}
      </Table>
      <Pager tab="users" page={data.page} pages={data.pages} total={data.total} />
    </div>
  );
}

export function AdminBookings({ data }: { data: Bookings }) {
  return (
    <div className="flex flex-col gap-3">
      {data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No bookings yet
        </p>
      ) : (
        <Table label="Bookings" head={["Client", "Musician", "Event", "Date", "Status", "Amount", ""]}>
          {data.rows.map((b) => (
            <tr key={b.id} className="border-t">
              <td className="px-3 py-2">{b.client}</td>
              <td className="px-3 py-2">{b.musician}</td>
              <td className="px-3 py-2">{b.event}</td>
              <td className="px-3 py-2">{b.date ?? "Not specified"}</td>
              <td className="px-3 py-2 capitalize">{b.status}</td>
              <td className="px-3 py-2">{b.amount}</td>
              <td className="flex justify-end gap-2 px-3 py-2">
                <Button asChild variant="ghost" size="sm">
                  <Link to={`/admin/bookings/${b.id}/phone-messages`}>Texts</Link>
                </Button>
                <ViewButton href={b.href} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager tab="bookings" page={data.page} pages={data.pages} total={data.total} />
    </div>
  );
}

export function AdminReports({ data }: { data: Reports }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Most popular musicians</CardTitle>
        </CardHeader>
        <CardContent>
          {data.popular.length === 0 ? (
            <p className="text-sm text-muted-foreground">No bookings yet</p>
          ) : (
            <ol className="flex flex-col gap-2" aria-label="Most popular musicians">
              {data.popular.map((p, i) => (
                <li key={p.id} className="flex justify-between gap-2 text-sm">
                  <span>
                    {i + 1}. {p.name}
                  </span>
                  <span className="text-muted-foreground">
                    {fmt(p.bookings)} booking{p.bookings === 1 ? "" : "s"}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Common event types</CardTitle>
        </CardHeader>
        <CardContent>
          {data.eventTypes.length === 0 ? (
            <p className="text-sm text-muted-foreground">No bookings yet</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Common event types">
              {data.eventTypes.map((t) => (
                <li key={t.eventType} className="flex flex-col gap-1 text-sm">
                  <div className="flex justify-between">
                    <span>{t.eventType}</span>
                    <span>{t.percent}%</span>
                  </div>
                  <div className="h-2 rounded bg-muted" aria-hidden>
                    <div className="h-2 rounded bg-primary" style={{ width: `${t.percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
