import { and, desc, eq } from "drizzle-orm";
import { db } from "~/server/db.server";
import { musicianPortfolioItems } from "~db/schema/profiles";

const itemColumns = {
  id: musicianPortfolioItems.id,
  itemType: musicianPortfolioItems.itemType,
  contentUrl: musicianPortfolioItems.contentUrl,
  title: musicianPortfolioItems.title,
  createdAt: musicianPortfolioItems.createdAt,
};

export function listItems(profileId: string) {
  return db
    .select(itemColumns)
    .from(musicianPortfolioItems)
    .where(eq(musicianPortfolioItems.profileId, profileId))
    .orderBy(desc(musicianPortfolioItems.createdAt), desc(musicianPortfolioItems.id));
}

export type PortfolioRow = Awaited<ReturnType<typeof listItems>>[number];

export async function insertItem(values: {
  profileId: string;
  itemType: "image" | "audio" | "video";
  contentUrl: string;
  title: string | null;
}) {
  const [row] = await db.insert(musicianPortfolioItems).values(values).returning(itemColumns);
  return row!;
}

/** Deletes only when the item belongs to the profile; returns what was deleted. */
export async function deleteOwnedItem(profileId: string, itemId: string) {
  const [row] = await db
    .delete(musicianPortfolioItems)
    .where(and(eq(musicianPortfolioItems.id, itemId), eq(musicianPortfolioItems.profileId, profileId)))
    .returning(itemColumns);
  return row ?? null;
}
