import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";

const ownProfileColumns = {
  id: musicianProfiles.id,
  userId: musicianProfiles.userId,
  slug: musicianProfiles.slug,
  firstName: musicianProfiles.firstName,
  lastName: musicianProfiles.lastName,
  stageName: musicianProfiles.stageName,
  phoneNumber: musicianProfiles.phoneNumber,
  websiteActive: musicianProfiles.websiteActive,
};

export async function findProfileByUserId(userId: string) {
  const [row] = await db
    .select(ownProfileColumns)
    .from(musicianProfiles)
    .where(eq(musicianProfiles.userId, userId))
    .limit(1);
  return row ?? null;
}

const fullProfileColumns = {
  ...ownProfileColumns,
  location: musicianProfiles.location,
  hourlyRateKobo: musicianProfiles.hourlyRateKobo,
  bio: musicianProfiles.bio,
  performanceStyle: musicianProfiles.performanceStyle,
  equipment: musicianProfiles.equipment,
  profileImage: musicianProfiles.profileImage,
  performanceRoles: musicianProfiles.performanceRoles,
  genres: musicianProfiles.genres,
  eventTypes: musicianProfiles.eventTypes,
  socialLinks: musicianProfiles.socialLinks,
  updatedAt: musicianProfiles.updatedAt,
};

export async function findFullProfileByUserId(userId: string) {
  const [row] = await db
    .select(fullProfileColumns)
    .from(musicianProfiles)
    .where(eq(musicianProfiles.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findFullProfileBySlug(slug: string) {
  const [row] = await db
    .select(fullProfileColumns)
    .from(musicianProfiles)
    .where(eq(musicianProfiles.slug, slug))
    .limit(1);
  return row ?? null;
}

export type FullProfileRow = NonNullable<Awaited<ReturnType<typeof findFullProfileByUserId>>>;

export async function updateAboutFields(
  profileId: string,
  values: Pick<
    typeof musicianProfiles.$inferInsert,
    | "stageName"
    | "performanceRoles"
    | "genres"
    | "eventTypes"
    | "location"
    | "bio"
    | "performanceStyle"
    | "equipment"
    | "hourlyRateKobo"
    | "socialLinks"
  >,
): Promise<boolean> {
  const rows = await db
    .update(musicianProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(musicianProfiles.id, profileId))
    .returning({ id: musicianProfiles.id });
  return rows.length === 1;
}

export async function slugTakenByOther(slug: string, profileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: musicianProfiles.id })
    .from(musicianProfiles)
    .where(and(eq(musicianProfiles.slug, slug), ne(musicianProfiles.id, profileId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Saves the account fields, marks the website active and renames the user, in one transaction. The
 * unique index on slug decides races: the loser gets PostgreSQL's unique_violation (23505).
 */
export async function saveAccountFields(
  profileId: string,
  userId: string,
  values: { firstName: string; lastName: string; phoneNumber: string; slug: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(musicianProfiles)
      .set({ ...values, websiteActive: true, updatedAt: new Date() })
      .where(and(eq(musicianProfiles.id, profileId), eq(musicianProfiles.userId, userId)));
    await tx
      .update(user)
      .set({
        firstName: values.firstName,
        lastName: values.lastName,
        name: `${values.firstName} ${values.lastName}`,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
  });
}

export async function setProfileImageUrl(profileId: string, url: string | null): Promise<void> {
  await db
    .update(musicianProfiles)
    .set({ profileImage: url, updatedAt: new Date() })
    .where(eq(musicianProfiles.id, profileId));
}

/**
 * Today's featured candidates: active websites with an image, a stage name and at least one role,
 * in an order that is random-looking but fixed for the day (md5 of id and the Lagos date).
 */
export async function findFeaturedProfiles(day: string, limit: number) {
  return (
    db
      .select({
        id: musicianProfiles.id,
        slug: musicianProfiles.slug,
        stageName: musicianProfiles.stageName,
        performanceRoles: musicianProfiles.performanceRoles,
        profileImage: musicianProfiles.profileImage,
        location: musicianProfiles.location,
        hourlyRateKobo: musicianProfiles.hourlyRateKobo,
      })
      .from(musicianProfiles)
      .where(
        and(
          isNotNull(musicianProfiles.profileImage),
          isNotNull(musicianProfiles.stageName),
          sql`${musicianProfiles.stageName} <> ''`,
          sql`cardinality(${musicianProfiles.performanceRoles}) > 0`,
          eq(musicianProfiles.websiteActive, true),
          isNotNull(musicianProfiles.slug),
          sql`coalesce(trim(${musicianProfiles.firstName}), '') <> ''`,
          sql`coalesce(trim(${musicianProfiles.lastName}), '') <> ''`,
          sql`coalesce(trim(${musicianProfiles.phoneNumber}), '') <> ''`,
        ),
      )
      // Well-reviewed musicians first (Bayesian score of 4 or more), the day's shuffle within each group.
      .orderBy(
        sql`(${musicianProfiles.ratingScore} >= 4) DESC`,
        sql`md5(${musicianProfiles.id}::text || ${day})`,
        asc(musicianProfiles.id),
      )
      .limit(limit)
  );
}

/** Slugs already taken that a new one made from `base` could collide with. */
export async function slugsLike(base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: musicianProfiles.slug })
    .from(musicianProfiles)
    .where(sql`${musicianProfiles.slug} = ${base} OR ${musicianProfiles.slug} LIKE ${`${base}-%`}`);
  return new Set(rows.map((r) => r.slug ?? ""));
}

/**
 * A new musician's profile. Returns false when the slug was taken meanwhile (the unique index
 * decides), so the caller tries another; a second profile for the same user is never made.
 */
export async function insertNewProfile(values: {
  userId: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  slug: string | null;
  websiteActive: boolean;
}): Promise<boolean> {
  const inserted = await db
    .insert(musicianProfiles)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: musicianProfiles.id });
  if (inserted.length > 0) return true;
  const [existing] = await db
    .select({ id: musicianProfiles.id })
    .from(musicianProfiles)
    .where(eq(musicianProfiles.userId, values.userId));
  return Boolean(existing);
}
