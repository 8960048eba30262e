import { formatDistanceStrict } from "date-fns";
import { data } from "react-router";
import { getSessionUser, isAdmin, type SessionUser } from "~/features/auth/session.server";
import { adminPaymentsView } from "~/features/refunds/admin-payments.server";
import { adminReviewReports } from "~/features/reviews/review-reports.server";
import { formatNairaOrNotSpecified } from "~/lib/money";
import { adminEmails } from "~/server/env.server";
import { ADMIN_PAGE_SIZE, type AdminTab } from "./admin.schema";
import {
  bookingsPage,
  countBookings,
  countUsers,
  eventTypeCounts,
  overviewCounts,
  popularMusicians,
  promoteToAdmin,
  recentPlatformActivity,
  usersPage,
} from "./queries.server";

/**
 * Admins only. Everyone else, signed in or not, gets the ordinary 404 so the page does not advertise
 * itself. An account listed in ADMIN_EMAILS that predates the setting is promoted on its first visit.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user && !isAdmin(user) && adminEmails().includes(user.email.toLowerCase())) {
    await promoteToAdmin(user.id);
    return { ...user, role: "admin" };
  }
  if (!user || !isAdmin(user)) throw data({ message: "Page not found" }, { status: 404 });
  return user;
}

const ago = (at: Date, now: Date) =>
  now.getTime() - at.getTime() < 60_000 ? "just now" : formatDistanceStrict(at, now, { addSuffix: true });

function activityText(a: { kind: string; who: string; other: string | null }): string {
  switch (a.kind) {
    case "signup":
      return `${a.who} joined Stagebook`;
    case "booking":
      return `${a.who} created a booking for ${a.other}`;
    case "request":
      return `${a.other} sent a booking request to ${a.who}`;
    default:
      return `${a.who} filed a dispute`;
  }
}

function pages(total: number) {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

export async function adminOverview(now = new Date()) {
  const [counts, activity] = await Promise.all([overviewCounts(), recentPlatformActivity(10)]);
  return {
    counts,
    activity: activity.map((a, i) => ({
      id: `${a.kind}-${i}`,
      text: activityText(a),
      at: a.at.toISOString(),
      ago: ago(a.at, now),
    })),
  };
}

export async function adminUsers(page: number) {
  const [total, rows] = await Promise.all([
    countUsers(),
    usersPage(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE),
  ]);
  return {
    total,
    page,
    pages: pages(total),
    rows: rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role.split(",").includes("admin") ? "admin" : "musician",
      status: u.active ? "active" : "pending",
      joinDate: u.created_at.toISOString().slice(0, 10),
      href: u.active && u.slug ? `/musicians/${u.slug}` : null,
    })),
  };
}

export async function adminBookings(page: number) {
  const [total, rows] = await Promise.all([
    countBookings(),
    bookingsPage(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE),
  ]);
  return {
    total,
    page,
    pages: pages(total),
    rows: rows.map((b) => ({
      id: b.id,
      client: b.client_name,
      musician: b.musician || "Unnamed musician",
      event: b.event_type === "Others" && b.event_type_other ? b.event_type_other : b.event_type,
      date: b.event_date,
      status: b.status,
      amount: formatNairaOrNotSpecified(b.price_kobo === null ? null : Number(b.price_kobo)),
      href: `/booking/${b.slug}`,
    })),
  };
}

export async function adminReports() {
  const [popular, types] = await Promise.all([popularMusicians(10), eventTypeCounts()]);
  const all = types.reduce((s, t) => s + t.count, 0);
  return {
    popular: popular.map((p) => ({ id: p.id, name: p.name || "Unnamed musician", bookings: p.bookings })),
    eventTypes: types.map((t) => ({
      eventType: t.eventType,
      count: t.count,
      percent: all ? Math.round((t.count / all) * 1000) / 10 : 0,
    })),
    totalBookings: all,
  };
}

export async function adminTab(tab: AdminTab, page: number) {
  switch (tab) {
    case "users":
      return { tab, users: await adminUsers(page) } as const;
    case "bookings":
      return { tab, bookings: await adminBookings(page) } as const;
    case "reports":
      return { tab, reports: await adminReports() } as const;
    case "payments":
      return { tab, payments: await adminPaymentsView() } as const;
    case "reviews":
      return { tab, reviews: await adminReviewReports() } as const;
    default:
      return { tab: "overview", overview: await adminOverview() } as const;
  }
}
