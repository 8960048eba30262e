import { redirect } from "react-router";
import { auth } from "~/server/auth.server";
import { revealingOutage } from "~/server/database-health.server";
import { isOrganiserRole, landingFor } from "./roles";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: string;
}

// Better Auth's session cookie, with the __Secure- prefix it adds on https.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Whether a Cookie header carries a session cookie at all (an anonymous visitor's does not). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}

/**
 * A page's root, layout and page loaders all ask who is signed in. React Router hands each loader its
 * own copy of the Request but the same load context: on a GET (nothing a GET does signs anyone in or
 * out) one lookup per context answers them all. Without a context, or on other methods, each call looks up.
 */
const sessionOfGet = new WeakMap<object, Promise<SessionUser | null>>();

export function getSessionUser(request: Request, context?: object): Promise<SessionUser | null> {
  if (!context || request.method !== "GET") return lookUpSessionUser(request);
  let user = sessionOfGet.get(context);
  if (!user) {
    user = lookUpSessionUser(request);
    sessionOfGet.set(context, user);
  }
  return user;
}

async function lookUpSessionUser(request: Request): Promise<SessionUser | null> {
  // No cookie, no session: skip Better Auth's lookup (~0.5 ms CPU on every anonymous page).
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  // Better Auth hides an unreachable database ("Failed to get session", or no session at all):
  // an outage is reported as one (a 503), not as "please sign in".
  const session = await revealingOutage(() => auth().api.getSession({ headers: request.headers }));
  if (!session) return null;
  const u = session.user as typeof session.user & { firstName?: string; lastName?: string; role?: string };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    role: u.role ?? "musician",
  };
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return redirect(`/login?${params}`);
}

/** The signed-in user, or a redirect to /login that comes back here after sign-in. */
export async function requireUser(request: Request, context?: object): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role.split(",").includes("admin") ?? false;
}

export function isOrganiser(user: Pick<SessionUser, "role"> | null): boolean {
  return isOrganiserRole(user?.role);
}

/**
 * The signed-in Event Organizer. A visitor goes to /login; any other account is sent to its own
 * landing page (an organiser page has nothing for a musician).
 */
export async function requireOrganiser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isOrganiser(user)) throw redirect(landingFor(user.role));
  return user;
}
