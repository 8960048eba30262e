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

/** As the session: a GET's layout and page loaders both ask, with the same Request; one lookup answers both. */
const musicianOfGet = new WeakMap<Request, Promise<{ user: SessionUser; profile: OwnProfile }>>();

/** Signed-in musician (any user with a musician profile); anyone else is sent to /login or refused. */
export function requireMusician(request: Request): Promise<{ user: SessionUser; profile: OwnProfile }> {
  if (request.method !== "GET") return lookUpMusician(request);
  let found = musicianOfGet.get(request);
  if (!found) {
    found = lookUpMusician(request);
    musicianOfGet.set(request, found);
  }
  return found;
}

async function lookUpMusician(request: Request): Promise<{ user: SessionUser; profile: OwnProfile }> {
  const user = await requireUser(request);
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
export async function requireMusicianPage(request: Request, slug: string | undefined) {
  const ctx = await requireMusician(request);
  if (!slug || (slug !== ctx.profile.slug && slug !== ctx.profile.id)) {
    throw data({ message: "Page not found" }, { status: 404 });
  }
  return ctx;
}
