import { data, redirect } from "react-router";
import { isOrganiser, requireUser, type SessionUser } from "~/features/auth/session.server";
import { isWebsiteActive } from "~/lib/website-active";
import { findProfileByUserId } from "./queries.server";

export type OwnProfile = NonNullable<Awaited<ReturnType<typeof findProfileByUserId>>>;

export function getOwnProfile(userId: string): Promise<OwnProfile | null> {
  return findProfileByUserId(userId);
}

/** The {slug} segment of the musician_* routes: the website slug, or the profile id until one is set. */
export function dashboardSlug(profile: Pick<OwnProfile, "id" | "slug">): string {
  return profile.slug ?? profile.id;
}

export function ownWebsite(profile: OwnProfile): { active: boolean; url: string | null } {
  const active = isWebsiteActive(profile);
  return { active, url: active ? `/musicians/${profile.slug}` : null };
}

/** As the session (getSessionUser): a GET's layout and page loaders share one lookup through their load context. */
const musicianOfGet = new WeakMap<object, Promise<{ user: SessionUser; profile: OwnProfile }>>();

/** Signed-in musician (any user with a musician profile); anyone else is sent to /login or refused. */
export function requireMusician(
  request: Request,
  context?: object,
): Promise<{ user: SessionUser; profile: OwnProfile }> {
  if (!context || request.method !== "GET") return lookUpMusician(request, context);
  let found = musicianOfGet.get(context);
  if (!found) {
    found = lookUpMusician(request, context);
    musicianOfGet.set(context, found);
  }
  return found;
}

async function lookUpMusician(
  request: Request,
  context?: object,
): Promise<{ user: SessionUser; profile: OwnProfile }> {
  const user = await requireUser(request, context);
  // An organiser has no musician pages: a page sends them to My Bookings, an action is not found.
  if (isOrganiser(user)) {
    if (request.method === "GET") throw redirect("/bookings");
    throw data({ message: "Page not found" }, { status: 404 });
  }
  const profile = await getOwnProfile(user.id);
  if (!profile) throw data({ message: "Musician profile not found" }, { status: 403 });
  return { user, profile };
}

/**
 * For /musician_*\/{slug} pages: the slug must be the signed-in musician's own. Another musician's
 * slug answers 404, so a page never tells whether someone else's exists.
 */
export async function requireMusicianPage(request: Request, slug: string | undefined, context?: object) {
  const ctx = await requireMusician(request, context);
  if (!slug || (slug !== ctx.profile.slug && slug !== ctx.profile.id)) {
    throw data({ message: "Page not found" }, { status: 404 });
  }
  return ctx;
}
