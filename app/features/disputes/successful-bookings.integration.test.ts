import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getPublicBooking, listOwnBookings } from "~/features/bookings/bookings.server";
import { action as createAction } from "~/routes/api-bookings";
import { action as bookingAction } from "~/routes/booking";
import { loader as successfulLoader } from "~/routes/musician-successful-bookings";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";
import { answer, args, get, post, validBooking } from "../bookings/booking-test-support";
import { disputeStatus } from "./dispute.schema";

async function create(m: TestMusician, over: Record<string, string> = {}) {
  const res = await answer(() => createAction(args(post(m, "/api/bookings", { ...validBooking, ...over }))));
  return res.body.slug as string;
}

const setStatus = (slug: string, status: string) =>
  db.update(bookingsByMusician).set({ status }).where(eq(bookingsByMusician.slug, slug));

const load = (who: TestMusician | null, slug: string) =>
  answer(() => successfulLoader(args(get(who, `/musician_successfulbookings/${slug}`), { slug })));

describe("Successful Bookings (/musician_successfulbookings/{slug})", () => {
  it("lists completed bookings only, each with its disputes shown resolved", async () => {
    const m = await createMusician();
    const disputed = await create(m, { clientName: "Disputed" });
    // Another day: two completed bookings of one musician cannot overlap (issue 13).
    const plain = await create(m, { clientName: "Plain", eventDate: lagosDay(22) });
    await create(m, { clientName: "Still pending" });
    await answer(() =>
      bookingAction(
        args(
          post(null, `/booking/${disputed}`, {
            intent: "dispute",
            clientName: "Disputed",
            phoneNumber: "08031112222",
            disputeReason: "The band arrived two hours late.",
          }),
          { slug: disputed },
        ),
      ),
    );
    // Both sides read Disputed; the musician sees the reason on the booking.
    const own = await listOwnBookings({ id: m.profileId });
    expect(own.find((r) => r.slug === disputed)?.disputeReason).toBe("The band arrived two hours late.");
    expect(own.find((r) => r.slug === plain)?.disputeReason).toBeNull();
    const client = await getPublicBooking(disputed, "10.9.9.9");
    expect(client.ok && client.booking.disputed).toBe(true);
    await setStatus(disputed, "completed");
    await setStatus(plain, "completed");
    const res = await load(m, m.profileId);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(
      res.body.bookings.map((b: { clientName: string }) => [b.clientName, b]),
    );
    expect(Object.keys(byName).sort()).toEqual(["Disputed", "Plain"]);
    expect(byName.Disputed.disputes).toHaveLength(1);
    expect(byName.Disputed.disputes[0]).toMatchObject({
      disputeReason: "The band arrived two hours late.",
      status: "resolved",
    });
    expect(byName.Plain.disputes).toEqual([]);
  });

  it("derives a dispute's status from its booking (spec §4)", () => {
    expect(disputeStatus("confirmed")).toBe("resolved");
    expect(disputeStatus("completed")).toBe("resolved");
    expect(disputeStatus("pending")).toBe("pending");
    expect(disputeStatus("cancelled")).toBe("pending");
  });

  it("shows another musician 404 and a signed-out visitor the login redirect", async () => {
    const a = await createMusician();
    const b = await createMusician();
    const slug = await create(a);
    await setStatus(slug, "completed");
    expect((await load(b, a.profileId)).status).toBe(404);
    const anon = await load(null, a.profileId);
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/login\?redirectTo=/);
    expect((await load(b, b.profileId)).body.bookings).toEqual([]);
  });
});
