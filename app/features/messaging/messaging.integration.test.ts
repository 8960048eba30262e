import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { answer, args, giveSlug, validBooking } from "~/features/bookings/booking-test-support";
import { createBooking } from "~/features/bookings/bookings.server";
import { acceptMyBooking } from "~/features/client/client.server";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { getOwnProfile } from "~/features/profiles/own-profile.server";
import { action as apiBookings } from "~/routes/api-bookings";
import { action as organiserAction, loader as organiserLoader } from "~/routes/client-messages";
import { loader as loginLoader } from "~/routes/login";
import { loader as dashboardLoader } from "~/routes/musician-dashboard";
import { action as musicianAction, loader as musicianLoader } from "~/routes/musician-messages";
import { db } from "~/server/db.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { conversations, messages } from "~db/schema/messaging";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, createOrganiser, requestAs, testIp } from "../../../tests/support/accounts";
import { CONTACT_HIDDEN, CONTACT_HIDDEN_NOTICE } from "./contact-mask";
import { EMPTY_MESSAGE, LONG_MESSAGE } from "./message.schema";
import {
  linkBookingToConversation,
  MESSAGES_PER_MINUTE,
  TOO_MANY_MESSAGES,
  unreadMessageCount,
} from "./messaging.server";
import { MESSAGE_CHANNEL } from "./queries.server";

type Who = { cookie: string };

async function setup() {
  const musician = await createMusician();
  const slug = await giveSlug(musician);
  const organiser = await createOrganiser();
  // The profile's link offers to start; only the POST creates the conversation.
  const offered = await answer(() => organiserLoader(args(requestAs(organiser, `/messages?to=${slug}`))));
  expect(offered.status).toBe(200);
  expect(offered.body.start).toMatchObject({ musicianSlug: slug });
  const started = await answer(() =>
    organiserAction(
      args(requestAs(organiser, "/messages", { form: { intent: "start", musicianSlug: slug } })),
    ),
  );
  expect(started.status).toBe(302);
  const conversationId = new URL(started.location!, "http://x").searchParams.get("c")!;
  return { musician, slug, organiser, conversationId };
}

const sendAsOrganiser = (who: Who | null, conversationId: string, body: string) =>
  answer(() =>
    organiserAction(args(requestAs(who, "/messages", { form: { intent: "send", conversationId, body } }))),
  );

const sendAsMusician = (who: Who, slug: string, conversationId: string, body: string) =>
  answer(() =>
    musicianAction(
      args(requestAs(who, `/musician_messages/${slug}`, { form: { intent: "send", conversationId, body } }), {
        slug,
      }),
    ),
  );

describe("messaging", () => {
  it("starts from the profile's Message link; both sides see the conversation, unread counts and the thread", async () => {
    const { musician, slug, organiser, conversationId } = await setup();
    const sent = await sendAsOrganiser(organiser, conversationId, "  Are you free on 12 December?  ");
    expect(sent.status).toBe(200);
    expect(sent.body.message.body).toBe("Are you free on 12 December?");

    const list = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}`), { slug })),
    );
    expect(list.body.conversations).toHaveLength(1);
    expect(list.body.conversations[0]).toMatchObject({ otherName: "Ngozi Okafor", unread: 1 });
    const profile = (await getOwnProfile(musician.userId))!;
    expect(
      await unreadMessageCount({ user: { id: musician.userId, role: "musician" }, musicianId: profile.id }),
    ).toBe(1);
    const dash = await answer(() => dashboardLoader(args(requestAs(musician, "/musician_dashboard"))));
    expect(dash.body.overview.unreadMessages).toBe(1);

    const open = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?c=${conversationId}`), { slug })),
    );
    expect(open.body.messages.map((m: { body: string }) => m.body)).toEqual(["Are you free on 12 December?"]);
    expect(open.body.selected.unread).toBe(0);
    expect(
      await unreadMessageCount({ user: { id: musician.userId, role: "musician" }, musicianId: profile.id }),
    ).toBe(0);

    const reply = await sendAsMusician(musician, slug, conversationId, "Yes I am!");
    expect(reply.status).toBe(200);
    const inquiries = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?filter=inquiries`), { slug })),
    );
    expect(inquiries.body.conversations).toHaveLength(1);
    const withBookings = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?filter=bookings`), { slug })),
    );
    expect(withBookings.body.conversations).toHaveLength(0);

    const search = await answer(() =>
      organiserLoader(args(requestAs(organiser, "/messages?q=nobody-like-this"))),
    );
    expect(search.body.conversations).toEqual([]);
  });

  it("names the musician the same in the thread's header and on their messages (the stage name)", async () => {
    const { musician, slug, organiser, conversationId } = await setup();
    await db
      .update(musicianProfiles)
      .set({ stageName: "Tunde Sax" })
      .where(eq(musicianProfiles.id, musician.profileId));
    await sendAsOrganiser(organiser, conversationId, "Hello there");
    const reply = await sendAsMusician(musician, slug, conversationId, "Hi, happy to play");
    expect(reply.status).toBe(200);
    const open = await answer(() =>
      organiserLoader(args(requestAs(organiser, `/messages?c=${conversationId}`))),
    );
    expect(open.body.selected.otherName).toBe("Tunde Sax");
    expect(open.body.messages.map((m: { senderName: string }) => m.senderName)).toEqual(["You", "Tunde Sax"]);
    // The musician reads the organiser under their account name.
    const theirs = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?c=${conversationId}`), { slug })),
    );
    expect(theirs.body.messages.map((m: { senderName: string }) => m.senderName)).toEqual([
      "Ngozi Okafor",
      "You",
    ]);
  });

  it("a signed-out visitor who taps Message is told why sign-in is asked: Sign in to message <name>", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    await db
      .update(musicianProfiles)
      .set({ stageName: "Tunde Sax" })
      .where(eq(musicianProfiles.id, musician.profileId));
    const login = (redirectTo: string) =>
      answer(() => loginLoader(args(requestAs(null, `/login?redirectTo=${encodeURIComponent(redirectTo)}`))));
    expect((await login(`/messages?to=${slug}`)).body.reason).toBe("Sign in to message Tunde Sax.");
    expect((await login("/musician_dashboard")).body.reason).toBeNull();
    expect((await login("/messages?to=no-such-musician")).body.reason).toBeNull();
    expect((await login(`https://evil.example/messages?to=${slug}`)).body.reason).toBeNull();
  });

  it("lets only the conversation's two members read or post (a third organiser and another musician get nothing)", async () => {
    const { organiser, conversationId } = await setup();
    await sendAsOrganiser(organiser, conversationId, "Private plans");
    const third = await createOrganiser();
    const peek = await answer(() => organiserLoader(args(requestAs(third, `/messages?c=${conversationId}`))));
    expect(peek.status).toBe(200);
    expect(peek.body.selected).toBeNull();
    expect(JSON.stringify(peek.body)).not.toContain("Private plans");
    expect((await sendAsOrganiser(third, conversationId, "hi")).status).toBe(404);

    const otherMusician = await createMusician();
    const otherSlug = await giveSlug(otherMusician);
    expect((await sendAsMusician(otherMusician, otherSlug, conversationId, "hi")).status).toBe(404);
    const otherPeek = await answer(() =>
      musicianLoader(
        args(requestAs(otherMusician, `/musician_messages/${otherSlug}?c=${conversationId}`), {
          slug: otherSlug,
        }),
      ),
    );
    expect(JSON.stringify(otherPeek.body)).not.toContain("Private plans");

    const visitor = await sendAsOrganiser(null, conversationId, "hi");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
  });

  it("refuses empty and over-long messages with a message, and a 31st message in a minute", async () => {
    const { organiser, conversationId } = await setup();
    const empty = await sendAsOrganiser(organiser, conversationId, "   ");
    expect(empty).toMatchObject({ status: 400, body: { ok: false, error: EMPTY_MESSAGE } });
    const long = await sendAsOrganiser(organiser, conversationId, "a".repeat(2001));
    expect(long).toMatchObject({ status: 400, body: { ok: false, error: LONG_MESSAGE } });
    expect((await sendAsOrganiser(organiser, conversationId, "b".repeat(2000))).status).toBe(200);
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++) {
      expect((await sendAsOrganiser(organiser, conversationId, `message ${i}`)).status).toBe(200);
    }
    const limited = await sendAsOrganiser(organiser, conversationId, "one too many");
    expect(limited).toMatchObject({ status: 429, body: { error: TOO_MANY_MESSAGES } });
  });

  it("hides a number split over two messages from one side, both pieces, while the other side's words stay (issue 36)", async () => {
    const { musician, slug, organiser, conversationId } = await setup();
    await sendAsMusician(musician, slug, conversationId, "Happy to play, send details");
    const first = await sendAsOrganiser(organiser, conversationId, "my number: 0803 123");
    expect(first.body.message.body).toBe("my number: 0803 123");
    const second = await sendAsOrganiser(organiser, conversationId, "4567");
    expect(second.body.message.body).toBe(CONTACT_HIDDEN);
    expect(second.body.notice).toBe(CONTACT_HIDDEN_NOTICE);
    const thread = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?c=${conversationId}`), { slug })),
    );
    const bodies = thread.body.messages.map((m: { body: string }) => m.body);
    expect(bodies).toEqual(["Happy to play, send details", `my number: ${CONTACT_HIDDEN}`, CONTACT_HIDDEN]);
    // The other side's message in between breaks the run: its own digits never join the sender's.
    await sendAsOrganiser(organiser, conversationId, "We start at 0800");
    await sendAsMusician(musician, slug, conversationId, "Fine, 123 4567 guests?");
    const after = await answer(() =>
      musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?c=${conversationId}`), { slug })),
    );
    expect(after.body.messages.at(-1).body).toBe("Fine, 123 4567 guests?");
  });

  it("hides contact details until the pair has a paid booking, keeps the original for admins, and then shows them", async () => {
    const { musician, slug, organiser, conversationId } = await setup();
    const masked = await sendAsOrganiser(organiser, conversationId, "Call me on 0803 123 4567 please");
    expect(masked.body.message.body).toBe(`Call me on ${CONTACT_HIDDEN} please`);
    expect(masked.body.notice).toBe(CONTACT_HIDDEN_NOTICE);
    const [stored] = await db.select().from(messages).where(eq(messages.id, masked.body.message.id));
    expect(stored.originalBody).toBe("Call me on 0803 123 4567 please");
    expect(stored.masked).toBe(true);

    // A booking made in the conversation and confirmed by the organiser: "paid" until payments land.
    const profile = (await getOwnProfile(musician.userId))!;
    const made = await answer(() =>
      musicianAction(
        args(
          requestAs(musician, `/musician_messages/${slug}`, {
            form: { intent: "start", bookingId: "00000000-0000-0000-0000-000000000000" },
          }),
          { slug },
        ),
      ),
    );
    expect(made.status).toBe(404);
    const booking = await createBooking(profile, {
      clientName: "Ngozi Okafor",
      email: null,
      phoneNumber: null,
      serviceType: "Full Event Performance",
      serviceTypeOther: null,
      priceKobo: 25_000_000,
      eventType: "Wedding",
      eventTypeOther: null,
      location: "Lekki",
      eventDate: "2099-12-12",
      eventStartTime: null,
      eventEndTime: null,
      additionalDetails: null,
    });
    if (!booking.ok) throw new Error(booking.message);
    expect(await linkBookingToConversation(profile.id, musician.userId, conversationId, booking.slug)).toBe(
      true,
    );
    const [row] = await db
      .select({ id: bookingsByMusician.id, clientUserId: bookingsByMusician.clientUserId })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, booking.slug));
    expect(row.clientUserId).toBe(organiser.userId);
    // The organiser is told, with the contract attached (only this organiser's mails are read).
    const safe = organiser.email.replace(/[^a-z0-9@._-]/gi, "_");
    const mails = fs
      .readdirSync(outboxDir())
      .filter((f) => f.endsWith(`-${safe}.eml`))
      .map((f) => fs.readFileSync(`${outboxDir()}/${f}`, "utf8"));
    const created = mails.find((m) => m.includes("A musician has created a booking for you"));
    expect(created).toContain("Content-Type: application/pdf");
    // Issue 22 §4: the e-mailed contract of the unpaid booking gives no contact details.
    const attached = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      created!,
    )![1]!;
    const contract = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], {
      input: Buffer.from(attached.replace(/\s/g, ""), "base64"),
    })
      .toString("utf8")
      .replace(/\s+/g, " ");
    expect(contract).toContain("Musician contact shared once the booking is paid");
    expect(contract).not.toContain(musician.email);
    expect(contract).not.toContain("08030000000");
    expect((await acceptMyBooking({ id: organiser.userId, name: "Ngozi Okafor" }, row.id)).ok).toBe(true);
    // Confirmed is not paid: still hidden.
    const unpaid = await sendAsOrganiser(organiser, conversationId, "My email is ngozi@example.com");
    expect(unpaid.body.message.body).toBe(`My email is ${CONTACT_HIDDEN}`);
    const musicianReads = () =>
      answer(() =>
        musicianLoader(args(requestAs(musician, `/musician_messages/${slug}?c=${conversationId}`), { slug })),
      );
    const organiserReads = () =>
      answer(() => organiserLoader(args(requestAs(organiser, `/messages?c=${conversationId}`))));
    const bodies = (r: { body: { messages: { body: string }[] } }) => r.body.messages.map((m) => m.body);
    expect(bodies(await musicianReads())).toContain(`My email is ${CONTACT_HIDDEN}`);
    expect(JSON.stringify((await musicianReads()).body)).not.toContain("ngozi@example.com");
    // Paid for real: the money module reads "paid" from the ledger, not from a status column.
    const started = await startCheckout(booking.slug, { email: organiser.email }, testIp());
    if (!started.ok) throw new Error(started.message);
    const reference = decodeURIComponent(started.authorizationUrl.split("/test-checkout/")[1] ?? "");
    await completeTestCheckout(reference, async (p) => {
      await handleChargeSuccess(p.data as never);
    });
    const clear = await sendAsOrganiser(organiser, conversationId, "Call me on 0803 123 4567 please");
    expect(clear.body.message.body).toBe("Call me on 0803 123 4567 please");
    expect(clear.body.notice).toBeNull();
    // Issue 22 §4: once paid, the earlier messages read as typed, to both sides and in the lists.
    for (const read of [musicianReads, organiserReads]) {
      const thread = await read();
      expect(bodies(thread)).toContain("My email is ngozi@example.com");
      expect(JSON.stringify(thread.body)).not.toContain(CONTACT_HIDDEN);
    }
  });

  it("a GET never creates a conversation; Message on a booking or request starts it for its own organiser or musician only", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const organiser = await createOrganiser();
    const count = async () =>
      (
        await db
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.organiserUserId, organiser.userId))
      ).length;
    const offered = await answer(() => organiserLoader(args(requestAs(organiser, `/messages?to=${slug}`))));
    expect(offered.status).toBe(200);
    await answer(() => organiserLoader(args(requestAs(organiser, `/messages?to=${slug}`))));
    expect(await count()).toBe(0);

    const made = await answer(() =>
      apiBookings(
        args(requestAs(musician, "/api/bookings", { form: { ...validBooking, eventDate: "2099-08-08" } })),
      ),
    );
    const [b] = await db
      .update(bookingsByMusician)
      .set({ clientUserId: organiser.userId })
      .where(eq(bookingsByMusician.slug, made.body.slug))
      .returning({ id: bookingsByMusician.id });
    // Another organiser cannot start a conversation about this booking.
    const stranger = await createOrganiser();
    const refused = await answer(() =>
      organiserAction(args(requestAs(stranger, "/messages", { form: { intent: "start", bookingId: b.id } }))),
    );
    expect(refused.status).toBe(404);
    const fromMyBookings = await answer(() =>
      organiserAction(
        args(requestAs(organiser, "/messages", { form: { intent: "start", bookingId: b.id } })),
      ),
    );
    expect(fromMyBookings.status).toBe(302);
    const id = new URL(fromMyBookings.location!, "http://x").searchParams.get("c")!;
    expect(await count()).toBe(1);
    // The musician's Message on the same booking opens the same conversation.
    const fromAllBookings = await answer(() =>
      musicianAction(
        args(
          requestAs(musician, `/musician_messages/${slug}`, { form: { intent: "start", bookingId: b.id } }),
          {
            slug,
          },
        ),
      ),
    );
    expect(fromAllBookings.location).toBe(`/musician_messages/${slug}?c=${id}`);
    // And now the profile link opens it directly.
    const again = await answer(() => organiserLoader(args(requestAs(organiser, `/messages?to=${slug}`))));
    expect(again.location).toBe(`/messages?c=${id}`);
  });

  it("stores first, then notifies every listening process in the same transaction", async () => {
    const { organiser, conversationId } = await setup();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`LISTEN ${MESSAGE_CHANNEL}`);
      const heard = new Promise<{ c: string; id: number }>((resolve) =>
        client.on("notification", (n) => resolve(JSON.parse(n.payload!))),
      );
      const sent = await sendAsOrganiser(organiser, conversationId, "Live!");
      const note = await heard;
      expect(note).toEqual({ c: conversationId, id: sent.body.message.id });
      const [row] = await client
        .query("SELECT body FROM messages WHERE id = $1", [note.id])
        .then((r) => r.rows);
      expect(row.body).toBe("Live!");
    } finally {
      await client.end();
    }
  });
});
