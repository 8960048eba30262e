// The people and rows the security suites act on: an owner with one of everything, another musician,
// an admin, and a signed-out visitor. Every owner row carries a marker no one else may ever receive.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { signIn } from "~/features/auth/accounts.server";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianAvailability } from "~db/schema/availability";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { conversations } from "~db/schema/messaging";
import { musicianPerformances, musicianPortfolioItems, musicianProfiles } from "~db/schema/profiles";
import {
  createMusician,
  createOrganiser,
  type TestMusician,
  type TestOrganiser,
  testIp,
} from "../support/accounts";

export type Actor = "visitor" | "other" | "owner" | "admin" | "organiser";
// The owner goes last: rows acting on one of the owner's rows succeed only if nobody before changed it.
export const ACTORS: readonly Actor[] = ["visitor", "other", "admin", "organiser", "owner"];

export interface World {
  marker: string;
  owner: TestMusician & { slug: string };
  other: TestMusician & { slug: string };
  admin: TestMusician & { slug: string };
  /** An Event Organizer account (no musician profile). */
  organiser: TestOrganiser;
  who(actor: Actor): { cookie: string; email: string; password: string } | null;
  /** The dashboard slug of the actor (owner's for the visitor and the organiser, who have none). */
  slugOf(actor: Actor): string;
  /** A booking of the owner's (pending unless told), made fresh so each row acts on its own. */
  newBooking(
    status?: "pending" | "confirmed" | "completed" | "cancelled",
  ): Promise<{ id: string; slug: string }>;
  newRequest(): Promise<{ id: string }>;
  /** A pending booking of the owner's made for the organiser's account. */
  newOrganiserBooking(): Promise<{ id: string; slug: string }>;
  /** The organiser's conversation with the owner. */
  conversation(): Promise<{ id: string }>;
  newPerformance(): Promise<{ id: string }>;
  newAvailability(): Promise<{ id: string }>;
  newPortfolioItem(): Promise<{ id: string }>;
  /** A second session for the actor, for rows (like Logout) that end the session they use. */
  freshCookie(actor: Actor): Promise<string | null>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString("hex")}`;

async function musicianWithWebsite(label: string, stageName: string) {
  const m = await createMusician({ firstName: label, lastName: "Test" });
  const slug = `${label.toLowerCase()}-${unique()}`;
  await db
    .update(musicianProfiles)
    .set({
      slug,
      stageName,
      firstName: label,
      lastName: "Test",
      phoneNumber: "08030000000",
      websiteActive: true,
      bio: `${stageName} plays weddings.`,
    })
    .where(eq(musicianProfiles.id, m.profileId));
  return { ...m, slug };
}

export async function createWorld(): Promise<World> {
  const marker = `SECRET${randomBytes(6).toString("hex")}`;
  const owner = await musicianWithWebsite("Owner", `Owner ${marker}`);
  const other = await musicianWithWebsite("Other", "Other Musician");
  const admin = await musicianWithWebsite("Admin", "Admin Person");
  await db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
  const organiser = await createOrganiser({ firstName: "Organiser", lastName: "Test" });

  const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const people = { owner, other, admin } as const;
  let organiserDays = 40;
  const organiserDate = () => new Date(Date.now() + organiserDays++ * 86_400_000).toISOString().slice(0, 10);
  const world: World = {
    marker,
    owner,
    other,
    admin,
    organiser,
    who: (actor) => (actor === "visitor" ? null : actor === "organiser" ? organiser : people[actor]),
    slugOf: (actor) => (actor === "visitor" || actor === "organiser" ? owner.slug : people[actor].slug),
    async newBooking(status = "pending") {
      const slug = randomBytes(4).toString("hex");
      const [row] = await db
        .insert(bookingsByMusician)
        .values({
          musicianId: owner.profileId,
          slug,
          clientName: `Client ${marker}`,
          email: `client-${marker.toLowerCase()}@example.com`,
          phoneNumber: "08031234567",
          serviceType: "Full Event Performance",
          eventType: "Wedding",
          eventDate: future,
          location: `Venue ${marker}`,
          priceKobo: 25_000_000,
          status,
        })
        .returning({ id: bookingsByMusician.id });
      return { id: row.id, slug };
    },
    async newOrganiserBooking() {
      const b = await world.newBooking();
      await db
        .update(bookingsByMusician)
        // Its own date: Accept confirms it, and confirmed bookings of one musician may not overlap.
        .set({ clientUserId: organiser.userId, eventDate: organiserDate() })
        .where(eq(bookingsByMusician.id, b.id));
      return b;
    },
    async conversation() {
      const [row] = await db
        .insert(conversations)
        .values({ organiserUserId: organiser.userId, musicianId: owner.profileId })
        .onConflictDoUpdate({
          target: [conversations.organiserUserId, conversations.musicianId],
          set: { musicianId: owner.profileId },
        })
        .returning({ id: conversations.id });
      return { id: row.id };
    },
    async newRequest() {
      const [row] = await db
        .insert(bookingRequests)
        .values({
          musicianId: owner.profileId,
          clientName: `Requester ${marker}`,
          email: `req-${marker.toLowerCase()}@example.com`,
          eventType: "wedding",
          eventDuration: "4",
          eventDate: future,
        })
        .returning({ id: bookingRequests.id });
      return { id: row.id };
    },
    async newPerformance() {
      const [row] = await db
        .insert(musicianPerformances)
        .values({
          profileId: owner.profileId,
          eventTitle: `Gig ${marker}`,
          eventType: "Wedding",
          eventDate: future,
        })
        .returning({ id: musicianPerformances.id });
      return { id: row.id };
    },
    async newAvailability() {
      const [row] = await db
        .insert(musicianAvailability)
        .values({ profileId: owner.profileId, date: future, isAllDay: true })
        .returning({ id: musicianAvailability.id });
      return { id: row.id };
    },
    async newPortfolioItem() {
      const [row] = await db
        .insert(musicianPortfolioItems)
        .values({
          profileId: owner.profileId,
          itemType: "video",
          contentUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
          title: `Video ${marker}`,
        })
        .returning({ id: musicianPortfolioItems.id });
      return { id: row.id };
    },
    async freshCookie(actor) {
      const m = actor === "visitor" ? null : actor === "organiser" ? organiser : people[actor];
      if (!m) return null;
      const result = await signIn(
        { email: m.email, password: m.password },
        new Request("http://localhost:3000/login", { method: "POST" }),
        testIp(),
      );
      if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
      return result.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    },
  };
  return world;
}
