import { eq } from "drizzle-orm";
import { db } from "~/server/db.server";
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
