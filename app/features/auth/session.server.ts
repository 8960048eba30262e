import { redirect } from "react-router";
import { auth } from "~/server/auth.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: string;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await auth().api.getSession({ headers: request.headers });
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
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role.split(",").includes("admin") ?? false;
}
