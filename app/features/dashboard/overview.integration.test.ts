import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as layoutLoader } from "~/routes/layouts/dashboard";
import { loader } from "~/routes/musician-dashboard";
import { db } from "~/server/db.server";
import { bookingRequests, bookingsByMusician, clientDisputes } from "~db/schema/bookings";
import { musicianPerformances } from "~db/schema/profiles";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";
import { dashboardOverview, relativeTime } from "./overview.server";

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: loadContext() }) as unknown as Args;

async function booking(musicianId: string, clientName: string, status: string, createdAt: Date) {
  const [row] = await db
    .insert(bookingsByMusician)
    .values({
      musicianId,
      slug: randomBytes(4).toString("hex"),
      clientName,
      serviceType: "Background Music",
      eventType: "Wedding",
      status,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: bookingsByMusician.id });
  return row.id;
}

describe("dashboard overview", () => {
  it("computes the cards from the database, counting only the musician's own rows", async () => {
    const m = await createMusician();
    const other = await createMusician();
    const now = new Date("2026-03-14T23:30:00Z"); // 15 March in Lagos
    await db.insert(musicianPerformances).values([
      { profileId: m.profileId, eventTitle: "Yesterday", eventType: "Concert", eventDate: "2026-03-14" },
      { profileId: m.profileId, eventTitle: "Today", eventType: "Concert", eventDate: "2026-03-15" },
      { profileId: m.profileId, eventTitle: "Later", eventType: "Concert", eventDate: "2026-05-01" },
      { profileId: other.profileId, eventTitle: "Not mine", eventType: "Concert", eventDate: "2026-05-01" },
    ]);
    await booking(m.profileId, "Ada", "pending", new Date("2026-03-10T10:00:00Z"));
    await booking(m.profileId, "Bola", "completed", new Date("2026-03-11T10:00:00Z"));
    await booking(other.profileId, "Not mine", "pending", new Date("2026-03-11T10:00:00Z"));

    const overview = await dashboardOverview(m.profileId, now);
    expect(overview.totalBookings).toBe(2);
    expect(overview.upcomingEvents).toBe(2);
    expect(overview.unreadMessages).toBe(0);
    expect(overview.averageRating).toBe("--");
  });

  it("lists requests, bookings, confirmations and disputes, newest first, with relative times", async () => {
    const m = await createMusician();
    const now = new Date("2026-03-15T12:00:00Z");
    await db.insert(bookingRequests).values({
      musicianId: m.profileId,
      clientName: "Chidi",
      eventType: "wedding",
      eventDuration: "4",
      createdAt: new Date("2026-03-15T11:55:00Z"),
    });
    await booking(m.profileId, "Funke", "pending", new Date("2026-03-15T09:00:00Z"));
    const confirmed = await booking(m.profileId, "Emeka", "confirmed", new Date("2026-03-13T12:00:00Z"));
    await db.insert(clientDisputes).values({
      bookingId: confirmed,
      clientName: "Emeka",
      phoneNumber: "08012345678",
      disputeReason: "The band arrived late",
      createdAt: new Date("2026-03-15T11:00:00Z"),
    });

    const { activity } = await dashboardOverview(m.profileId, now);
    expect(activity.map((a) => [a.kind, a.text, a.ago])).toEqual([
      ["request", "New booking request from Chidi", "5 minutes ago"],
      ["dispute", "Emeka disputed a booking", "1 hour ago"],
      ["booking", "Booking created for Funke", "3 hours ago"],
      ["booking", "Booking created for Emeka", "2 days ago"],
      ["confirmation", "Emeka confirmed their booking", "2 days ago"],
    ]);
  });

  it("masks contact details an organiser typed into their name (issue 22 §4)", async () => {
    const m = await createMusician();
    const now = new Date("2026-03-15T12:00:00Z");
    await db.insert(bookingRequests).values({
      musicianId: m.profileId,
      clientName: "Chidi ０８０３ １２３ ４５６７",
      eventType: "wedding",
      eventDuration: "4",
      createdAt: new Date("2026-03-15T11:55:00Z"),
    });
    const { activity } = await dashboardOverview(m.profileId, now);
    expect(activity[0]!.text).toBe(
      "New booking request from Chidi [contact details hidden until booking is paid]",
    );
  });

  it("says just now for the last minute", () => {
    const now = new Date("2026-03-15T12:00:00Z");
    expect(relativeTime(new Date("2026-03-15T11:59:30Z"), now)).toBe("just now");
  });

  it("counts confirmed bookings from today on as upcoming events", async () => {
    const m = await createMusician();
    const now = new Date("2026-03-15T12:00:00Z");
    const ids = [
      await booking(m.profileId, "Future", "confirmed", now),
      await booking(m.profileId, "Past", "confirmed", now),
      await booking(m.profileId, "Unconfirmed", "pending", now),
    ];
    const dates = ["2026-04-01", "2026-03-01", "2026-04-02"];
    for (const [i, id] of ids.entries()) {
      await db.update(bookingsByMusician).set({ eventDate: dates[i] }).where(eq(bookingsByMusician.id, id));
    }
    expect((await dashboardOverview(m.profileId, now)).upcomingEvents).toBe(1);
    // Today's event counts until it ends, not after (phone walk 2): 12:00–12:30 AM is over at noon.
    const today = await booking(m.profileId, "This morning", "confirmed", now);
    await db
      .update(bookingsByMusician)
      .set({ eventDate: "2026-03-15", eventStartTime: "00:00", eventEndTime: "00:30" })
      .where(eq(bookingsByMusician.id, today));
    expect((await dashboardOverview(m.profileId, now)).upcomingEvents).toBe(1);
    await db
      .update(bookingsByMusician)
      .set({ eventStartTime: "20:00", eventEndTime: "22:00" })
      .where(eq(bookingsByMusician.id, today));
    expect((await dashboardOverview(m.profileId, now)).upcomingEvents).toBe(2);
  });

  it("serves the overview through the route and keeps the sidebar state from its cookie", async () => {
    const m = await createMusician();
    await booking(m.profileId, "Route Client", "pending", new Date());
    const res = await loader(args(requestAs(m, "/musician_dashboard")));
    expect(res.firstName).toBe("Tunde");
    expect(res.overview.totalBookings).toBe(1);
    expect(res.overview.activity[0].text).toBe("Booking created for Route Client");

    const collapsed = await layoutLoader(
      args(
        requestAs(null, "/musician_dashboard", { headers: { cookie: `${m.cookie}; sidebar_state=false` } }),
      ) as never,
    );
    expect(collapsed).toMatchObject({
      slug: expect.stringMatching(/^tunde-adeyemi/),
      sidebarOpen: false,
      websiteUrl: null,
    });
    const open = await layoutLoader(args(requestAs(m, "/musician_dashboard")) as never);
    expect(open.sidebarOpen).toBe(true);
  });

  it("sends a signed-out visitor to /login with a return URL", async () => {
    const loaders: Array<(a: never) => Promise<unknown>> = [loader, layoutLoader];
    for (const load of loaders) {
      const res = (await settle(() =>
        load(args(requestAs(null, "/musician_dashboard")) as never),
      )) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fmusician_dashboard");
    }
  });

  it("never counts a deleted booking", async () => {
    const m = await createMusician();
    const id = await booking(m.profileId, "Gone", "pending", new Date());
    await db.delete(bookingsByMusician).where(eq(bookingsByMusician.id, id));
    expect((await dashboardOverview(m.profileId)).totalBookings).toBe(0);
  });
});
