import { logger } from "~/server/logger.server";
import { BUCKETS, storage } from "~/server/storage/storage.server";
import { PORTFOLIO_IMAGE_WIDTHS } from "./image-srcset";
import { audioExtension, renderImage } from "./media.server";
import { deleteOwnedItem, insertItem, listItems, type PortfolioRow } from "./queries.server";

export type { PortfolioRow };

/** The musician whose portfolio is being changed, as established by requireMusician. */
export interface Owner {
  userId: string;
  profileId: string;
}

export type MediaResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "invalid" | "not-found" | "failed" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function listPortfolio(profileId: string): Promise<PortfolioRow[]> {
  return listItems(profileId);
}

/** Stores every rendition under musician_images/{userId}/{timestamp}{suffix}.webp. */
export async function storeImageRenditions(
  bucket: string,
  userId: string,
  baseName: string,
  bytes: Buffer,
  widths: readonly number[],
): Promise<{ url: string; keys: string[] } | null> {
  const renditions = await renderImage(bytes, widths);
  if (!renditions) return null;
  const keys = renditions.map((r) => `${bucket}/${userId}/${baseName}${r.suffix}.webp`);
  await Promise.all(renditions.map((r, i) => storage().put(keys[i]!, r.bytes, "image/webp")));
  return { url: storage().publicUrl(`${bucket}/${userId}/${baseName}.webp`), keys };
}

export async function addImage(
  owner: Owner,
  bytes: Buffer,
  title: string | null,
): Promise<MediaResult<PortfolioRow>> {
  try {
    const stored = await storeImageRenditions(
      BUCKETS.musicianImages,
      owner.userId,
      String(Date.now()),
      bytes,
      PORTFOLIO_IMAGE_WIDTHS,
    );
    if (!stored) return { ok: false, reason: "invalid" };
    const row = await insertItem({
      profileId: owner.profileId,
      itemType: "image",
      contentUrl: stored.url,
      title,
    });
    return { ok: true, value: row };
  } catch (err) {
    logger.error({ err }, "portfolio image upload failed");
    return { ok: false, reason: "failed" };
  }
}

export async function addAudio(
  owner: Owner,
  bytes: Buffer,
  title: string | null,
): Promise<MediaResult<PortfolioRow>> {
  const ext = await audioExtension(bytes);
  if (!ext) return { ok: false, reason: "invalid" };
  try {
    const key = `${BUCKETS.musicianAudio}/${owner.userId}/${Date.now()}.${ext}`;
    await storage().put(key, bytes, ext === "mp3" ? "audio/mpeg" : "audio/wav");
    const row = await insertItem({
      profileId: owner.profileId,
      itemType: "audio",
      contentUrl: storage().publicUrl(key),
      title,
    });
    return { ok: true, value: row };
  } catch (err) {
    logger.error({ err }, "portfolio audio upload failed");
    return { ok: false, reason: "failed" };
  }
}

/** YouTube videos and Instagram posts/reels are both "video" items holding a canonical URL. */
export async function addEmbed(
  owner: Owner,
  url: string,
  title: string | null,
): Promise<MediaResult<PortfolioRow>> {
  try {
    const row = await insertItem({ profileId: owner.profileId, itemType: "video", contentUrl: url, title });
    return { ok: true, value: row };
  } catch (err) {
    logger.error({ err }, "portfolio embed insert failed");
    return { ok: false, reason: "failed" };
  }
}

/** Removes the row (only if it is the owner's) and then its stored files, best effort. */
export async function removeItem(owner: Owner, itemId: string): Promise<MediaResult<null>> {
  if (!UUID.test(itemId)) return { ok: false, reason: "not-found" };
  const row = await deleteOwnedItem(owner.profileId, itemId);
  if (!row) return { ok: false, reason: "not-found" };
  await deleteStoredFiles(row.contentUrl, row.itemType === "image" ? PORTFOLIO_IMAGE_WIDTHS : []);
  return { ok: true, value: null };
}

/** The file behind a stored URL and, for images, its smaller renditions. */
export async function deleteStoredFiles(url: string, widths: readonly number[]): Promise<void> {
  const key = storage().keyFromUrl(url);
  if (!key) return;
  const keys = [key];
  const largest = Math.max(0, ...widths);
  for (const w of widths) if (w !== largest) keys.push(key.replace(/\.webp$/, `-${w}.webp`));
  try {
    await storage().delete(keys);
  } catch (err) {
    logger.warn({ err, keys }, "stored media could not be deleted");
  }
}
