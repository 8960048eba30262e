// Issue 23 §4: the musician answers a dispute on their own booking ("Add your side": text + photos);
// both see what happens next and by when; nobody else can answer for them.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { answer, args, giveSlug } from "~/features/bookings/booking-test-support";
import { fileDispute, insertBooking } from "~/features/payments/payment-test-support";
import { action, loader } from "~/routes/musician-bookings";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { storage } from "~/server/storage/storage.server";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { DISPUTE_SIDE_MESSAGES, disputeThreadsFor } from "./dispute-sides.server";

afterAll(async () => {
  await stopJobs();
});

function sideRequest(who: TestMusician, slug: string, fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [i, p] of photos.entries())
    form.append("photos", new Blob([new Uint8Array(p)], { type: "image/png" }), `p${i}.png`);
  return new Request(`http://localhost:3000/musician_bookings/${slug}`, {
    method: "POST",
    headers: { cookie: who.cookie, origin: "http://localhost:3000" },
    body: form,
  });
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();

describe("Add your side", () => {
  it("stores the musician's text and photos on the open dispute, with the next steps' dates", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const booking = await insertBooking(m.profileId, { paymentStatus: "paid" });
    await fileDispute(booking.id);

    const before = await answer(() =>
      loader(
        args(
          new Request(`http://localhost:3000/musician_bookings/${slug}`, { headers: { cookie: m.cookie } }),
          { slug },
        ),
      ),
    );
    const open = before.body.disputeThreads[booking.id];
    expect(open.open.sideBy).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    expect(open.open.decisionBy).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    expect(open.responses).toEqual([]);

    const photo = await png();
    const sent = await answer(() =>
      action(
        args(
          sideRequest(
            m,
            slug,
            {
              intent: "dispute-side",
              bookingId: booking.id,
              body: "We played the full four hours; photos attached.",
            },
            [photo],
          ),
          { slug },
        ),
      ),
    );
    expect(sent.status).toBe(200);
    expect(sent.body.toast).toEqual({ type: "success", message: DISPUTE_SIDE_MESSAGES.saved });
    const thread = (await disputeThreadsFor([booking.id])).get(booking.id);
    expect(thread?.responses).toHaveLength(1);
    expect(thread?.responses[0]?.body).toBe("We played the full four hours; photos attached.");
    expect(thread?.responses[0]?.photos).toHaveLength(1);
    const file = path.resolve(
      env().DATA_DIR,
      "uploads",
      storage().keyFromUrl(thread!.responses[0]!.photos[0]!)!,
    );
    // Re-encoded to WebP (no metadata), at most 1280 wide.
    expect((await sharp(await fs.readFile(file)).metadata()).format).toBe("webp");
  });

  it("refuses a side that is too short, a file that is not an image, a booking with no open dispute, and another musician", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const booking = await insertBooking(m.profileId, { paymentStatus: "paid" });
    const body = "We played the full four hours.";
    const quiet = await answer(() =>
      action(args(sideRequest(m, slug, { intent: "dispute-side", bookingId: booking.id, body }), { slug })),
    );
    expect(quiet.status).toBe(409);
    expect(quiet.body.toast.message).toBe(DISPUTE_SIDE_MESSAGES.notOpen);

    await fileDispute(booking.id);
    const short = await answer(() =>
      action(
        args(sideRequest(m, slug, { intent: "dispute-side", bookingId: booking.id, body: "no" }), { slug }),
      ),
    );
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ body: DISPUTE_SIDE_MESSAGES.tooShort });
    const notImage = await answer(() =>
      action(
        args(
          sideRequest(m, slug, { intent: "dispute-side", bookingId: booking.id, body }, [
            Buffer.from("not a picture"),
          ]),
          {
            slug,
          },
        ),
      ),
    );
    expect(notImage.status).toBe(400);
    expect(notImage.body.errors).toEqual({ photos: DISPUTE_SIDE_MESSAGES.notImage });

    const other = await createMusician();
    const otherSlug = await giveSlug(other);
    const foreign = await answer(() =>
      action(
        args(sideRequest(other, otherSlug, { intent: "dispute-side", bookingId: booking.id, body }), {
          slug: otherSlug,
        }),
      ),
    );
    expect(foreign.status).toBe(404);
    expect((await disputeThreadsFor([booking.id])).get(booking.id)?.responses).toEqual([]);

    const visitor = new Request(`http://localhost:3000/musician_bookings/${slug}`, {
      method: "POST",
      headers: { origin: "http://localhost:3000" },
      body: new FormData(),
    });
    const signedOut = await answer(() => action(args(visitor, { slug })));
    expect(signedOut.status).toBe(302);
  });
});
