// Account roles as Better Auth stores them: a comma-separated list ("musician", "client", "admin").
// "client" is the spec's name for an Event Organizer account.

export const ORGANISER_ROLE = "client";

export function isOrganiserRole(role: string | null | undefined): boolean {
  return role?.split(",").includes(ORGANISER_ROLE) ?? false;
}

/** Where an account lands after signing in: organisers on My Bookings, musicians on their dashboard. */
export function landingFor(role: string): string {
  if (isOrganiserRole(role)) return "/bookings";
  return role.split(",").includes("musician") ? "/musician_dashboard" : "/";
}
