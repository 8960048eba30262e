// Photos on the client's review: the portfolio's upload safety (magic bytes, re-encode, size caps).
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { action as bookingAction } from "~/routes/booking";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { storage } from "~/server/storage/storage.server";
import { loadContext } from "../../../tests/support/accounts";
import { answer } from "../bookings/booking-test-support";
import { findReview } from "./queries.server";
import { payerCookieFor, reviewBooking, reviewMusician } from "./review-test-support";

afterAll(async () => {
  await stopJobs();
});

const recent = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

const fields = {
  intent: "review",
  overall: "5",
  satisfaction: "5",
  professionalism: "5",
  communication: "4",
  punctuality: "4",
  body: "Lovely band, everyone danced until midnight.",
};

function multipartPost(
  slug: string,
  form: Record<string, string>,
  files: { name: string; type: string; bytes: Buffer }[],
  cookie: string,
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  for (const f of files) body.append("photos", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return new Request(`http://localhost:3000/booking/${slug}`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", cookie },
    body,
  });
}

/** Posted from the browser that paid the booking: reviews are the payer's (issue 35 §1). */
const post = async (
  slug: string,
  form: Record<string, string>,
  files: Parameters<typeof multipartPost>[2],
) => {
  const cookie = payers.get(slug) ?? "";
  return answer(() =>
    bookingAction({
      request: multipartPost(slug, form, files, cookie),
      params: { slug },
      context: loadContext(),
    } as never),
  );
};
const payers = new Map<string, string>();
/** A completed, paid booking (reviewBooking) and its payer's browser. */
async function paidBooking(m: { profileId: string }, opts: Parameters<typeof reviewBooking>[1]) {
  const bk = await reviewBooking(m, opts);
  payers.set(bk.slug, (await payerCookieFor(bk)).cookie);
  return bk;
}

async function storedFilesOf(bookingId: string): Promise<string[]> {
  const dir = path.resolve(env().DATA_DIR, "uploads", "review_photos", bookingId);
  return fs.readdir(dir).catch(() => []);
}

describe("photos on the client's review", () => {
  it("a file that is not an image is refused whatever its name and type say, and nothing is stored", async () => {
    const m = await reviewMusician();
    const bk = await paidBooking(m, { eventDate: recent() });
    const forged = Buffer.from("<?php system($_GET['c']); ?> pretending to be a JPEG");
    const res = await post(bk.slug, fields, [{ name: "party.jpg", type: "image/jpeg", bytes: forged }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ photos: "Photos must be JPEG, PNG, WebP, GIF or AVIF images." });
    expect(await findReview(bk.id, "client_to_musician")).toBeNull();
    expect(await storedFilesOf(bk.id)).toEqual([]);
  });

  it("an image is re-encoded to WebP without its metadata, in two sizes, and the review keeps its URL", async () => {
    const m = await reviewMusician();
    const bk = await paidBooking(m, { eventDate: recent() });
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c33" } })
      .withMetadata({ exif: { IFD0: { Artist: "Secret GPS person" } } })
      .jpeg()
      .toBuffer();
    const res = await post(bk.slug, fields, [{ name: "dance.php", type: "application/x-php", bytes: jpeg }]);
    expect(res.status).toBe(200);
    expect(res.body.toast.message).toBe("Thank you! Your review has been saved");
    const review = await findReview(bk.id, "client_to_musician");
    expect(review?.photos).toHaveLength(1);
    const url = review!.photos[0]!;
    expect(url).toMatch(new RegExp(`^/uploads/review_photos/${bk.id}/\\d+-0\\.webp$`));
    const file = path.resolve(env().DATA_DIR, "uploads", storage().keyFromUrl(url)!);
    const stored = await fs.readFile(file);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1280);
    expect(meta.exif).toBeUndefined();
    expect((await sharp(await fs.readFile(file.replace(/\.webp$/, "-320.webp"))).metadata()).width).toBe(320);
    expect((await storedFilesOf(bk.id)).sort()).toHaveLength(2);
  });

  it("more than four photos, or a photo over 5MB, is refused with a message; no photos is the plain form", async () => {
    const m = await reviewMusician();
    const bk = await paidBooking(m, { eventDate: recent() });
    const small = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#3c3" } })
      .png()
      .toBuffer();
    const five = Array.from({ length: 5 }, (_, i) => ({
      name: `p${i}.png`,
      type: "image/png",
      bytes: small,
    }));
    const tooMany = await post(bk.slug, fields, five);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ photos: "Add at most 4 photos." });
    const big = Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await post(bk.slug, fields, [{ name: "big.png", type: "image/png", bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors).toEqual({ photos: "Each photo must be 5MB or smaller." });
    expect(await findReview(bk.id, "client_to_musician")).toBeNull();
    const bad = await post(bk.slug, { ...fields, body: "short" }, []);
    expect(bad.body.errors).toEqual({ body: "Write at least 20 characters about the booking" });
    const plain = await post(bk.slug, fields, []);
    expect(plain.status).toBe(200);
    expect((await findReview(bk.id, "client_to_musician"))?.photos).toEqual([]);
  });

  it("photos for a booking that cannot be reviewed are not stored", async () => {
    const m = await reviewMusician();
    const bk = await paidBooking(m, { status: "confirmed", eventDate: recent() });
    const small = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#33c" } })
      .png()
      .toBuffer();
    const res = await post(bk.slug, fields, [{ name: "a.png", type: "image/png", bytes: small }]);
    expect(res.status).toBe(409);
    expect(await storedFilesOf(bk.id)).toEqual([]);
  });
});
