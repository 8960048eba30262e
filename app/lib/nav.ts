export const mainLinks = [
  { to: "/", label: "Home" },
  { to: "/market", label: "Find Musicians" },
  // The recruitment page: "Browse Musicians" promised a list and opened a sign-up pitch (ARCHITECTURE §9).
  { to: "/musicians", label: "For Musicians" },
  // Blog (/blog) is left out until it has posts: a menu must not lead to a "Coming Soon" page.
] as const;

const createBookingSections = [
  "musician_dashboard",
  "musician_bookings",
  "musician_events",
  "musician_messages",
  "musician_wallet",
  "musician_reviews",
  "musician_availability",
];

/** Spec §2: the header's Create Booking button shows only for signed-in users on these pages. */
export function showsCreateBooking(pathname: string, signedIn: boolean): boolean {
  return signedIn && createBookingSections.some((s) => pathname.includes(s));
}

/** Spec §1 default title and description. */
export const SITE_NAME = "Stagebook";
export const DEFAULT_TITLE = "Stagebook | Book live musicians in Nigeria";
export const DEFAULT_DESCRIPTION =
  "Manage your calendar, bookings, payments, contracts and client communication in one place. Stagebook connects event organisers with top musicians in Nigeria.";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
}
