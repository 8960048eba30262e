/** Spec §2 "Main Menu" of the musician dashboard; `to: null` marks the entries the spec leaves without navigation. */
export interface MenuLeaf {
  label: string;
  to: string | null;
  /** Things waiting there (requests to answer), shown beside the label when more than 0. */
  count?: number;
}
export interface MenuEntry {
  label: string;
  icon: "overview" | "numbers" | "profile" | "bookings" | "events" | "messages" | "wallet" | "reviews";
  to: string;
  children?: MenuLeaf[];
}

export function dashboardMenu(slug: string, waiting: { requests?: number } = {}): MenuEntry[] {
  const s = encodeURIComponent(slug);
  return [
    { label: "Overview", icon: "overview", to: "/musician_dashboard" },
    { label: "Numbers", icon: "numbers", to: `/musician_numbers/${s}` },
    { label: "Edit Profile", icon: "profile", to: "/profile" },
    {
      label: "Bookings",
      icon: "bookings",
      to: `/musician_bookings/${s}`,
      children: [
        { label: "All Bookings", to: `/musician_bookings/${s}` },
        { label: "Booking Requests", to: `/musician_bookingrequests/${s}`, count: waiting.requests ?? 0 },
        { label: "Successful Bookings", to: `/musician_successfulbookings/${s}` },
        { label: "Line-ups", to: `/musician_lineups/${s}` },
      ],
    },
    {
      label: "Events",
      icon: "events",
      to: `/musician_events/${s}`,
      children: [
        { label: "All", to: `/musician_events/${s}` },
        { label: "Upcoming", to: `/musician_events_upcoming/${s}` },
        { label: "Past", to: `/musician_events_past/${s}` },
        { label: "Availability", to: `/musician_availability/${s}` },
      ],
    },
    {
      label: "Messages",
      icon: "messages",
      to: `/musician_messages/${s}`,
      children: [
        { label: "All Messages", to: `/musician_messages/${s}` },
        { label: "With Bookings", to: `/musician_messages/${s}?filter=bookings` },
        { label: "Inquiries", to: `/musician_messages/${s}?filter=inquiries` },
      ],
    },
    { label: "Wallet", icon: "wallet", to: `/musician_wallet/${s}` },
    { label: "Reviews", icon: "reviews", to: `/musician_reviews/${s}` },
  ];
}

/** Spec §9: the sidebar's open/closed state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Open unless the cookie says it was collapsed. */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)(?:;|$)`));
  return match ? match[1] === "true" : true;
}

export function sidebarCookieValue(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}
