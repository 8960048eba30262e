import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/api-bookings";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import { loader as linkRedirect } from "~/routes/booking-link-redirect";
import { action as bookingsAction } from "~/routes/musician-bookings";
import { db } from "~/server/db.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { createMusician, createOrganiser, type TestMusician, testIp } from "../../../tests/support/accounts";
import { spyOnSql } from "../../../tests/support/sql-spy";
import { answer, args, get, post, validBooking } from "./booking-test-support";

async function create(m: TestMusician, over: Record<string, string> = {}) {
  const res = await answer(() => createAction(args(post(m, "/api/bookings", { ...validBooking, ...over }))));
  return res.body.slug as string;
}

const page = (slug: string, ip = testIp()) =>
  answer(() => bookingLoader(args(get(null, `/booking/${slug}`), { slug }, ip)));
const confirm = (slug: string, ip = testIp()) =>
  answer(() => bookingAction(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug }, ip)));
const dispute = (slug: string, form: Record<string, string>, ip = testIp()) =>
  answer(() =>
    bookingAction(args(post(null, `/booking/${slug}`, { intent: "dispute", ...form }), { slug }, ip)),
  );
const status = async (slug: string) =>
  (
    await db
      .select({ s: bookingsByMusician.status })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, slug))
  )[0]?.s;

const goodDispute = {
  clientName: "Ada Eze",
  phoneNumber: "08031234567",
  disputeReason: "The date on this booking is wrong.",
};

describe("public booking page (/booking/{slug})", () => {
  it("shows the summary to anyone holding the link, without the client's contact details", async () => {
    const m = await createMusician({ firstName: "Chioma", lastName: "Okafor" });
    const slug = await create(m);
    const res = await page(slug);
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({
      slug,
      musicianName: "Chioma Okafor",
      clientName: "Ada Eze",
      serviceType: "Full Event Performance",
      eventType: "Wedding",
      eventDate: validBooking.eventDate,
      location: "Lekki, Lagos",
      priceKobo: 25_000_000,
      status: "pending",
    });
    expect(res.body.booking).not.toHaveProperty("email");
    expect(res.body.booking).not.toHaveProperty("phoneNumber");
  });

  it("answers an unknown or malformed slug with 404 'Booking not found'", async () => {
    for (const slug of ["zzzzzzzz", "../../etc", "x".repeat(500)]) {
      const res = await page(slug);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Booking not found");
    }
  });

  it("/bookings/{slug} redirects to /booking/{slug}", async () => {
    const res = await answer(async () =>
      linkRedirect(args(get(null, "/bookings/abcd2345"), { slug: "abcd2345" })),
    );
    expect(res.status).toBe(301);
    expect(res.location).toBe("/booking/abcd2345");
  });

  it("refuses an address that guesses 60 wrong slugs in a minute, even for a real slug, but not others", async () => {
    const m = await createMusician();
    const real = await create(m);
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await page(`guess${String(i).padStart(3, "0")}`, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const blocked = await page(real, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many requests. Please wait a minute and try again.");
    expect((await confirm(real, ip)).status).toBe(429);
    expect((await dispute(real, goodDispute, ip)).status).toBe(429);
    expect((await page(real)).status).toBe(200);
  });
});

describe("client confirmation", () => {
  it("sets the booking confirmed with the spec's toast; confirming twice is harmless", async () => {
    const m = await createMusician();
    const slug = await create(m);
    const first = await confirm(slug);
    expect(first.status).toBe(200);
    expect(first.body.toast).toEqual({ type: "success", message: "Booking confirmed successfully!" });
    expect(await status(slug)).toBe("confirmed");
    expect((await confirm(slug)).status).toBe(200);
    expect(await status(slug)).toBe("confirmed");
    expect((await page(slug)).body.booking.status).toBe("confirmed");
  });

  it("refuses to confirm a cancelled or completed booking with a clear message", async () => {
    const m = await createMusician();
    for (const s of ["cancelled", "completed"] as const) {
      const slug = await create(m);
      await db.update(bookingsByMusician).set({ status: s }).where(eq(bookingsByMusician.slug, slug));
      const res = await confirm(slug);
      expect(res.status).toBe(409);
      expect(res.body.toast.message).toBe(`This booking has been ${s} and can no longer be confirmed.`);
      expect(await status(slug)).toBe(s);
    }
    expect((await confirm("nothere2")).status).toBe(404);
  });

  it("two concurrent confirms both succeed and leave one confirmed booking", async () => {
    const m = await createMusician();
    const slug = await create(m);
    const results = await Promise.all([confirm(slug), confirm(slug), confirm(slug)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await status(slug)).toBe("confirmed");
  });

  it("confirm racing delete: exactly one wins, never a confirmed booking that was deleted", async () => {
    for (let round = 0; round < 5; round++) {
      const m = await createMusician();
      const slug = await create(m);
      const [row] = await db
        .select({ id: bookingsByMusician.id })
        .from(bookingsByMusician)
        .where(eq(bookingsByMusician.slug, slug));
      const [c, d] = await Promise.all([
        confirm(slug),
        answer(() =>
          bookingsAction(
            args(post(m, `/musician_bookings/${m.profileId}`, { intent: "delete", bookingId: row!.id }), {
              slug: m.profileId,
            }),
          ),
        ),
      ]);
      const after = await status(slug);
      if (c.status === 200) {
        expect(d.status).toBe(409);
        expect(after).toBe("confirmed");
      } else {
        expect(c.status).toBe(404);
        expect(d.status).toBe(200);
        expect(after).toBeUndefined();
      }
    }
  });
});

describe("disputes", () => {
  it("checks the spec's dispute rules", async () => {
    const m = await createMusician();
    const slug = await create(m);
    const res = await dispute(slug, { clientName: "A", phoneNumber: "0803", disputeReason: "bad" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      clientName: "Name is required",
      phoneNumber: "Valid phone number is required",
      disputeReason: "Please provide details about your dispute",
    });
  });

  it("stores a dispute against the booking with the spec's toast", async () => {
    const m = await createMusician();
    const slug = await create(m);
    const res = await dispute(slug, goodDispute);
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ type: "success", message: "Dispute submitted successfully" });
    const [row] = await db
      .select({ id: bookingsByMusician.id })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, slug));
    const disputes = await db.select().from(clientDisputes).where(eq(clientDisputes.bookingId, row!.id));
    expect(disputes).toHaveLength(1);
    expect(disputes[0]).toMatchObject({ clientName: "Ada Eze", phoneNumber: "08031234567" });
  });

  it("refuses a dispute once the booking is confirmed, and for an unknown slug", async () => {
    const m = await createMusician();
    const slug = await create(m);
    await confirm(slug);
    const res = await dispute(slug, goodDispute);
    expect(res.status).toBe(409);
    expect(res.body.toast.message).toBe("This booking is confirmed and can no longer be disputed.");
    expect((await dispute("nothere2", goodDispute)).status).toBe(404);
  });
});

describe("the page's database work (issue 14 item 2)", () => {
  it("reads the booking once and the musician's policy once, and still fills both panels", async () => {
    const m = await createMusician();
    const slug = await create(m);
    await confirm(slug);
    const sql = spyOnSql();
    try {
      const res = await page(slug);
      expect(res.status).toBe(200);
      expect(res.body.payment).toMatchObject({ state: "pay", policy: "flexible", priceKobo: 25_000_000 });
      expect(res.body.cancel).toMatchObject({ policy: "flexible", canCancel: true, paid: false });
      // The slug guard's rate-limit hit, the booking (with its musician and dispute state), the policy;
      // then the organiser's "Booking updates by SMS or WhatsApp" panel: their number by the money
      // module's one client rule (M4), the booking's mute, and that number's consent.
      expect(sql.readsOf("bookings_by_musician")).toHaveLength(2);
      expect(sql.readsOf("phone_consents")).toHaveLength(1);
      expect(sql.readsOf("musician_payment_settings")).toHaveLength(1);
      // Who plays in its line-up (issue 39 §6: names and roles), one indexed read.
      expect(sql.readsOf("line_up_members")).toHaveLength(1);
      // And the booking's money, read once from the money module (its dispute and whether it is held).
      expect(sql.texts()).toHaveLength(8);
    } finally {
      sql.restore();
    }
  });
});

describe("a signed-in organiser's forms start from their own account (issue 23 §4)", () => {
  const pageAs = (who: { cookie: string } | null, slug: string) =>
    answer(() => bookingLoader(args(get(who, `/booking/${slug}`), { slug }, testIp())));

  it("gives the organiser viewing the page their own name, e-mail and phone, and nobody else any", async () => {
    const m = await createMusician();
    const slug = await create(m);
    await confirm(slug);
    const organiser = await createOrganiser({
      firstName: "Bisi",
      lastName: "Adeyemi",
      phoneNumber: "08051112222",
    });
    const mine = await pageAs(organiser, slug);
    expect(mine.status).toBe(200);
    expect(mine.body.contact).toEqual({
      name: "Bisi Adeyemi",
      email: organiser.email,
      phone: "08051112222",
    });
    // Never the booking's own client's details (Ada Eze, in the booking): only the viewer's.
    expect(JSON.stringify(mine.body.contact)).not.toContain("Ada Eze");
    // A signed-out visitor and the booking's musician get no details to prefill with.
    expect((await pageAs(null, slug)).body.contact).toBeNull();
    expect((await pageAs(m, slug)).body.contact).toBeNull();
  });
});
