import {
  AlertTriangleIcon,
  BanknoteIcon,
  CalendarCheckIcon,
  CalendarDaysIcon,
  CheckCircle2Icon,
  InboxIcon,
  MessageSquareIcon,
  StarIcon,
  UserPenIcon,
  UsersIcon,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CreateBookingButton } from "~/features/bookings/components/create-booking-button";
import { FeeRatesNote } from "~/features/payments/components/commission-note";
import type { ActivityKind, Overview } from "../overview.server";

const activityIcons: Record<ActivityKind, typeof InboxIcon> = {
  request: InboxIcon,
  booking: CalendarDaysIcon,
  confirmation: CheckCircle2Icon,
  dispute: AlertTriangleIcon,
  money: BanknoteIcon,
};

function StatCard({
  title,
  value,
  icon: Icon,
  note,
  to,
}: {
  title: string;
  value: string | number;
  icon: typeof InboxIcon;
  /** What the figure counts, under it. */
  note?: string;
  to?: string;
}) {
  return (
    <Card>
      {/* Compact on a phone: four stats fit 2×2 on the first screen. */}
      <CardHeader className="flex-row items-center justify-between gap-2 p-3 pb-1 sm:p-6 sm:pb-2">
        <CardTitle className="text-xs font-medium sm:text-sm">{title}</CardTitle>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </CardHeader>
      <CardContent className="p-3 pt-0 sm:p-6 sm:pt-0">
        <p
          className="text-2xl font-bold sm:text-3xl"
          data-testid={`stat-${title.toLowerCase().replace(/\s+/g, "-")}`}
        >
          {value}
        </p>
        {note && <p className="text-xs text-muted-foreground">{note}</p>}
        {to && (
          <Link to={to} className="text-xs text-primary underline-offset-4 hover:underline sm:text-sm">
            Open {title}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

export function DashboardOverview({ overview, slug }: { overview: Overview; slug: string }) {
  return (
    <>
      <div data-testid="dashboard-stats" className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-5">
        <StatCard
          title="Booking Requests"
          value={overview.waitingRequests}
          icon={InboxIcon}
          note="waiting for your answer"
          to={`/musician_bookingrequests/${encodeURIComponent(slug)}`}
        />
        <StatCard
          title="Total Bookings"
          value={overview.totalBookings}
          icon={CalendarDaysIcon}
          note={
            overview.cancelledBookings > 0
              ? `not counting ${overview.cancelledBookings} cancelled`
              : "every booking you have made"
          }
        />
        <StatCard title="Upcoming Events" value={overview.upcomingEvents} icon={CalendarCheckIcon} />
        <StatCard title="Unread Messages" value={overview.unreadMessages} icon={MessageSquareIcon} />
        <StatCard title="Average Rating" value={overview.averageRating} icon={StarIcon} />
      </div>
      <FeeRatesNote className="rounded-md border bg-muted/40 p-3 text-sm" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Recent Activity</CardTitle>
            <CardDescription>Latest requests, bookings, payments, confirmations and disputes</CardDescription>
          </CardHeader>
          <CardContent>
            {overview.activity.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent activity</p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Recent activity">
                {overview.activity.map((a) => {
                  const Icon = activityIcons[a.kind];
                  return (
                    <li key={a.id} className="flex items-start gap-3">
                      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                      <div className="min-w-0">
                        <p className="text-sm">{a.text}</p>
                        <time dateTime={a.at} className="text-xs text-muted-foreground">
                          {a.ago}
                        </time>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {/* A phone keeps one primary Create Booking: the one under the dashboard heading. */}
            <div className="hidden md:contents">
              <CreateBookingButton />
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to="/profile">
                <UserPenIcon aria-hidden />
                Edit Profile
              </Link>
            </Button>
            {/* The recruitment page's "Find collaborators" (issue 39): the market, leading with Role. */}
            <Button asChild variant="outline" size="sm">
              <Link to="/market?find=collaborators">
                <UsersIcon aria-hidden />
                Find collaborators
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
