import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/api-bookings";
import { action as requestAction, loader as requestPageLoader } from "~/routes/booking-request";
import { action as requestsAction, loader as requestsLoader } from "~/routes/musician-booking-requests";
import { db } from "~/server/db.server";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { createMusician, type TestMusician, testIp } from "../../../tests/support/accounts";
import { todayInLagos } from "../bookings/booking-dates";
import { answer, args, get, giveSlug, post, validBooking } from "../bookings/booking-test-support";
import { bookingRequestSchema } from "./booking-request.schema";
import { requestToBookingPrefill } from "./request-prefill";

const validRequest = {
  clientName: "Kemi Bello",
  email: "kemi@example.com",
  phoneNumber: "08030001111",
  eventType: "birthday",
  eventTypeOther: "",
  location: "Ikeja, Lagos",
  eventDate: "2099-05-01",
  eventDuration: "4",
  budgetEstimate: "150000",
  additionalDetails: "Highlife and Afrobeats please",
};

const send = (slug: string, form: Record<string, string>, ip = testIp()) =>
  answer(() => requestAction(args(post(null, `/musicians/${slug}/request`, form), { slug }, ip)));

const list = (who: TestMusician | null, slug: string) =>
  answer(() => requestsLoader(args(get(who, `/musician_bookingrequests/${slug}`), { slug })));

const decline = (who: TestMusician | null, slug: string, requestId: string) =>
  answer(() =>
    requestsAction(
      args(post(who, `/musician_bookingrequests/${slug}`, { intent: "decline", requestId }), { slug }),
    ),
  );

async function requestsOf(m: TestMusician) {
  return db.select().from(bookingRequests).where(eq(bookingRequests.musicianId, m.profileId));
}

describe("booking request from a visitor", () => {
  it("stores the request against the named musician with the spec's toast", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, validRequest);
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ type: "success", message: "Booking request sent successfully!" });
    const [row] = await requestsOf(m);
    expect(row).toMatchObject({
      clientName: "Kemi Bello",
      eventType: "birthday",
      eventTypeOther: null,
      eventDate: "2099-05-01",
      eventDuration: "4",
      budgetEstimateKobo: 15_000_000,
      status: "pending",
    });
  });

  it("keeps the other text only for 'other' and allows the optional fields to be empty", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, {
      clientName: "Femi",
      eventType: "other",
      eventTypeOther: "Housewarming",
      eventDuration: "12+",
    });
    await send(slug, {
      clientName: "Gbenga",
      eventType: "gala",
      eventTypeOther: "dropped",
      eventDuration: "1",
    });
    const rows = await requestsOf(m);
    const byName = Object.fromEntries(rows.map((r) => [r.clientName, r]));
    expect(byName.Femi).toMatchObject({
      eventTypeOther: "Housewarming",
      email: null,
      budgetEstimateKobo: null,
      eventDate: null,
    });
    expect(byName.Gbenga).toMatchObject({ eventTypeOther: null });
  });

  it("answers the spec's messages for missing fields and refuses bad values", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await send(slug, {
      clientName: "",
      email: "nope",
      eventType: "Wedding",
      budgetEstimate: "lots",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      clientName: "Client name is required",
      email: "Invalid email address",
      eventType: "Event type is required",
      eventDuration: "Event duration is required",
      budgetEstimate: "Enter an amount in naira, e.g. 150,000",
    });
    const bad = await send(slug, { ...validRequest, eventDuration: "13" });
    expect(bad.body.errors).toEqual({ eventDuration: "Event duration is required" });
    expect(await requestsOf(m)).toHaveLength(0);
  });

  it("refuses dates before today in Lagos", () => {
    const schema = bookingRequestSchema(() => "2026-03-15");
    const before = schema.safeParse({ ...validRequest, eventDate: "2026-03-14" });
    expect(before.success).toBe(false);
    expect(before.error?.issues[0]?.message).toBe("Please choose today or a later date");
    expect(schema.safeParse({ ...validRequest, eventDate: "2026-03-15" }).success).toBe(true);
    // 23:30 UTC on 14 March is already 15 March in Lagos.
    expect(todayInLagos(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
  });

  it("refuses a request naming no existing musician with a clear message", async () => {
    for (const slug of ["nobody-here", "Bad Slug!", ""]) {
      const res = await send(slug, validRequest);
      expect(res.status).toBe(404);
      expect(res.body.toast.message).toBe("This musician could not be found, so the request was not sent.");
    }
    const pageRes = await answer(() =>
      requestPageLoader(args(get(null, "/musicians/nobody-here/request"), { slug: "nobody-here" })),
    );
    expect(pageRes.status).toBe(404);
  });

  it("serves the request page (the no-JavaScript form) for an existing musician", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const res = await answer(() =>
      requestPageLoader(args(get(null, `/musicians/${slug}/request`), { slug })),
    );
    expect(res.body).toMatchObject({ musicianSlug: slug, today: todayInLagos() });
  });

  it("limits requests per client address", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(slug, validRequest, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await send(slug, validRequest)).status).toBe(200);
  });
});

describe("Booking Requests page (/musician_bookingrequests/{slug})", () => {
  it("lists the musician's own pending requests, newest first", async () => {
    const a = await createMusician();
    const b = await createMusician();
    const slugA = await giveSlug(a);
    const slugB = await giveSlug(b);
    await send(slugA, { ...validRequest, clientName: "First" });
    await send(slugA, { ...validRequest, clientName: "Second" });
    await send(slugA, { ...validRequest, clientName: "Third" });
    await send(slugB, { ...validRequest, clientName: "For B" });
    const declined = (await requestsOf(a)).find((r) => r.clientName === "Second")!;
    await decline(a, slugA, declined.id);
    const res = await list(a, slugA);
    expect(res.body.requests.map((r: { clientName: string }) => r.clientName)).toEqual(["Third", "First"]);
    expect(res.body.requests[0]).toMatchObject({
      eventType: "birthday",
      eventDuration: "4",
      budgetEstimateKobo: 15_000_000,
    });
  });

  it("declines a request: marked declined and out of the list; only once", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, validRequest);
    const [req] = await requestsOf(m);
    const res = await decline(m, slug, req!.id);
    expect(res.body.toast.message).toBe("Booking request from Kemi Bello has been declined");
    expect((await requestsOf(m))[0]!.status).toBe("declined");
    expect((await list(m, slug)).body.requests).toEqual([]);
    expect((await decline(m, slug, req!.id)).status).toBe(409);
  });

  it("accepts a request into a pending booking and marks it accepted, exactly once", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await send(slug, validRequest);
    const [req] = await requestsOf(m);
    const prefill = requestToBookingPrefill(req!);
    expect(prefill).toMatchObject({
      clientName: "Kemi Bello",
      eventType: "Birthday",
      eventDate: "2099-05-01",
      price: "₦150,000",
    });
    const form = {
      ...validBooking,
      ...prefill,
      serviceType: "Full Event Performance",
      requestId: req!.id,
    } as Record<string, string>;
    const [one, two] = await Promise.all([
      answer(() => createAction(args(post(m, "/api/bookings", form)))),
      answer(() => createAction(args(post(m, "/api/bookings", form)))),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body.toast.message).toBe("This booking request has already been handled.");
    expect((await requestsOf(m))[0]!.status).toBe("accepted");
    const bookings = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.requestId, req!.id));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ status: "pending", clientName: "Kemi Bello", priceKobo: 15_000_000 });
    expect((await list(m, slug)).body.requests).toEqual([]);
  });

  it("another musician cannot see, accept or decline the requests; a signed-out visitor is sent to login", async () => {
    const a = await createMusician();
    const b = await createMusician();
    const slugA = await giveSlug(a);
    const slugB = await giveSlug(b);
    await send(slugA, validRequest);
    const [req] = await requestsOf(a);
    expect((await list(b, slugA)).status).toBe(404);
    const anon = await list(null, slugA);
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/login\?redirectTo=/);
    expect((await decline(b, slugA, req!.id)).status).toBe(404);
    expect((await decline(b, slugB, req!.id)).status).toBe(404);
    expect((await decline(null, slugA, req!.id)).status).toBe(302);
    const accept = await answer(() =>
      createAction(args(post(b, "/api/bookings", { ...validBooking, requestId: req!.id }))),
    );
    expect(accept.status).toBe(409);
    expect((await requestsOf(a))[0]!.status).toBe("pending");
    const bBookings = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.musicianId, b.profileId));
    expect(bBookings).toHaveLength(0);
  });
});
