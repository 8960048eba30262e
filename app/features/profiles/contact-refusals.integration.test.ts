// Issue 36 §2: a musician's own public fields refuse contact details on save, with the field's message,
// as the bio does; so do sign-up names, reviews and the musician's public reply. Each probe of the
// issue is a case, and the public copy a profile is made of (prices, years, counts, "24/7", channel
// names, YouTube and Audiomack pages) is saved as written.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerSchema } from "~/features/auth/auth-forms.schema";
import { clientReviewSchema, replySchema } from "~/features/reviews/review.schema";
import { action, loader } from "~/routes/profile";
import { db, pool } from "~/server/db.server";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { outcome, postForm, requestAs, routeArgs } from "./profile-test-support";
import {
  BIO_HAS_CONTACT,
  FIELD_HAS_CONTACT,
  isContactSlug,
  LINK_IS_CONTACT,
  NAME_HAS_CONTACT,
  REVIEW_HAS_CONTACT,
  SLUG_HAS_CONTACT,
} from "./public-contact";

type ActionBody = { ok: boolean; errors?: Record<string, string>; toast: { type: string; message: string } };
const post = (who: TestMusician, form: Record<string, string | string[]>, path = "/profile?tab=about") =>
  outcome<ActionBody>(() => action(routeArgs(postForm(who, path, form))));
const editor = async (who: TestMusician) =>
  (await outcome<Awaited<ReturnType<typeof loader>>>(() => loader(routeArgs(requestAs(who, "/profile")))))
    .body;

const about = (over: Record<string, string | string[]> = {}) => ({
  intent: "about",
  stageName: "Tayo Sax",
  performanceRoles: ["Saxophonist"],
  genres: ["Highlife"],
  eventTypes: ["Weddings"],
  location: "Lagos",
  bio: "Saxophone for weddings.",
  performanceStyle: "",
  equipment: "",
  hourlyRate: "250000",
  socialPlatform: [],
  socialUrl: [],
  ...over,
});

describe("a musician's public fields refuse contact details on save (issue 36)", () => {
  it.each([
    ["a role", { performanceRoles: ["Singer, 08031234567"] }, "performanceRoles", FIELD_HAS_CONTACT],
    ["a genre", { genres: ["Highlife, tayoreal at gmail dot com"] }, "genres", FIELD_HAS_CONTACT],
    ["the location", { location: "Lagos 0803 123 4567" }, "location", FIELD_HAS_CONTACT],
    [
      "the performance style",
      { performanceStyle: "Smooth. IG tayoreal" },
      "performanceStyle",
      FIELD_HAS_CONTACT,
    ],
    ["the equipment", { equipment: "Own PA, call ⓿❽⓿❸❶❷❸❹❺❻❼" }, "equipment", FIELD_HAS_CONTACT],
    [
      "a stage name in negative-circled digits",
      { stageName: "Tayo ⓿❽⓿❸❶❷❸❹❺❻❼" },
      "stageName",
      NAME_HAS_CONTACT,
    ],
    [
      "a bio dictating a number",
      { bio: "starts with 0803 and then 123, ending 4567" },
      "bio",
      BIO_HAS_CONTACT,
    ],
    [
      "an Instagram direct-message link",
      { socialPlatform: ["Instagram"], socialUrl: ["https://instagram.com/direct/t/tayoreal"] },
      "socialLinks.0.url",
      LINK_IS_CONTACT,
    ],
    [
      "a Messenger link",
      { socialPlatform: ["Facebook"], socialUrl: ["https://m.me/tayoreal"] },
      "socialLinks.0.url",
      LINK_IS_CONTACT,
    ],
    [
      "an ig.me link",
      { socialPlatform: ["Instagram"], socialUrl: ["https://ig.me/m/tayoreal"] },
      "socialLinks.0.url",
      LINK_IS_CONTACT,
    ],
  ])("refuses %s with the field's message", async (_name, over, field, message) => {
    const m = await createMusician();
    const res = await post(m, about(over));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    // Nothing of the form was saved.
    expect((await editor(m)).profile.location).toBeNull();
  });

  it("saves public copy as written: prices, years, counts, 24/7, channel names and the platforms' pages", async () => {
    const m = await createMusician();
    const res = await post(
      m,
      about({
        stageName: "Tayo Live TV",
        performanceRoles: ["Saxophonist", "Lead vocals since 2015"],
        genres: ["Highlife", "Afrobeats Hits 2026"],
        location: "Lagos, 24/7",
        bio: "From ₦250,000 per event. 120 events since 2015, Saturday 12 December 2026 at 6:30 PM. We handle weddings.",
        equipment: "2 speakers, 1 mixer, 4 mics",
        socialPlatform: [
          "YouTube",
          "YouTube",
          "Audiomack",
          "Boomplay",
          "Spotify",
          "TikTok",
          "Instagram",
          "Website",
        ],
        socialUrl: [
          "https://www.youtube.com/@TayoLiveTV",
          "youtube.com/@tayo.sax2024",
          "https://audiomack.com/tayo-live",
          "https://www.boomplay.com/artists/1234",
          "https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb",
          "https://www.tiktok.com/@tayo.sax",
          "https://www.instagram.com/tayosax",
          "https://tayolive.com",
        ],
      }),
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    const { profile } = await editor(m);
    expect(profile.location).toBe("Lagos, 24/7");
    expect(profile.genres).toEqual(["Highlife", "Afrobeats Hits 2026"]);
    expect(profile.socialLinks.map((l) => l.url)).toContain("https://www.youtube.com/@TayoLiveTV");
    expect(profile.socialLinks.map((l) => l.url)).toContain("https://audiomack.com/tayo-live");
  });

  it("refuses an experience entry whose title or place carries contact details, and keeps an ordinary one", async () => {
    const m = await createMusician();
    const entry = (over: Record<string, string>) => ({
      intent: "add-performance",
      eventTitle: "Adebayo wedding",
      eventType: "Wedding",
      eventDate: "2025-06-14",
      location: "Ikoyi, Lagos",
      startTime: "16:00",
      endTime: "20:30",
      ...over,
    });
    const title = await post(
      m,
      entry({ eventTitle: "Wedding, call O8O3 I23 4S67" }),
      "/profile?tab=experience",
    );
    expect(title.status).toBe(400);
    expect(title.body.errors?.eventTitle).toBe(FIELD_HAS_CONTACT);
    const place = await post(m, entry({ location: "Eko Hotel, handle tayoreal" }), "/profile?tab=experience");
    expect(place.body.errors?.location).toBe(FIELD_HAS_CONTACT);
    expect((await editor(m)).performances).toEqual([]);
    const fine = await post(
      m,
      entry({ eventTitle: "Adebayo wedding, 300 guests" }),
      "/profile?tab=experience",
    );
    expect(fine.status).toBe(200);
    expect((await editor(m)).performances.map((p) => p.eventTitle)).toEqual(["Adebayo wedding, 300 guests"]);
  });

  it("refuses a portfolio video titled with contact details, and keeps a channel's title", async () => {
    const m = await createMusician();
    const bad = await post(
      m,
      {
        intent: "add-video",
        url: "https://youtu.be/dQw4w9WgXcQ",
        title: "Live at Eko, nought eight nought tree one two tree four fife six seven",
      },
      "/profile?tab=portfolio",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.title).toBe(FIELD_HAS_CONTACT);
    const good = await post(
      m,
      {
        intent: "add-video",
        url: "https://youtu.be/dQw4w9WgXcQ",
        title: "Tayo Live TV — Highlife medley 2024",
      },
      "/profile?tab=portfolio",
    );
    expect(good.status).toBe(200);
    expect((await editor(m)).portfolio.map((p) => p.title)).toEqual(["Tayo Live TV — Highlife medley 2024"]);
  });

  it("refuses a profile address that spells a number, and takes letters with a few digits", async () => {
    const m = await createMusician();
    const account = (slug: string) =>
      post(
        m,
        { intent: "account", firstName: "Tayo", lastName: "Real", phoneNumber: "08031234567", slug },
        "/profile?tab=account",
      );
    for (const slug of [
      "tayo-0803-123-4567",
      "tayo-08031234567",
      "tayo-oh-eight-oh-three-one-two-three-four-five-six-seven",
    ]) {
      const res = await account(slug);
      expect(res.status, slug).toBe(400);
      expect(res.body.errors?.slug, slug).toBe(SLUG_HAS_CONTACT);
    }
    expect(isContactSlug("tayo-at-gmail-dot-com")).toBe(true);
    expect(isContactSlug("dj-tayo-2024")).toBe(false);
    expect(isContactSlug("tayo-live-tv")).toBe(false);
    const ok = await account(`tayo-real-2024-${m.profileId.slice(0, 4).replace(/\d/g, "x")}`);
    expect(ok.status).toBe(200);
  });

  it("the migration renames an address saved before the rule, letters only, and leaves others alone", async () => {
    const a = await createMusician();
    const b = await createMusician();
    await db
      .update(musicianProfiles)
      .set({ slug: "tayo-0803-123-4567" })
      .where(eq(musicianProfiles.id, a.profileId));
    await db
      .update(musicianProfiles)
      .set({ slug: "dj-tayo-2024" })
      .where(eq(musicianProfiles.id, b.profileId));
    await pool().query(fs.readFileSync("db/migrations/0035_contact_boundary.sql", "utf8"));
    const slugOf = async (id: string) =>
      (
        await db
          .select({ slug: musicianProfiles.slug })
          .from(musicianProfiles)
          .where(eq(musicianProfiles.id, id))
      )[0]!.slug!;
    const renamed = await slugOf(a.profileId);
    expect(renamed).toMatch(/^tayo-[a-z]{8}$/);
    expect(isContactSlug(renamed)).toBe(false);
    expect(await slugOf(b.profileId)).toBe("dj-tayo-2024");
  });
});

describe("sign-up names, reviews and replies refuse contact details (issue 36)", () => {
  const signUp = (lastName: string) =>
    registerSchema.safeParse({
      firstName: "Ola",
      lastName,
      email: "ola@example.com",
      password: "correct-horse-42",
      role: "client",
    });

  it.each(["⓿❽⓿❸❶❷❸❹❺❻❼", "0̲8̲0̲3̲1̲2̲3̲4̲5̲6̲7̲", "➉➑➉➌➊➋➌➍➎➏➐", "O8O3 I23 4S67"])(
    "refuses %j as a last name",
    (lastName) => {
      const parsed = signUp(lastName);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toContain(NAME_HAS_CONTACT);
    },
  );

  it("takes an ordinary name", () => {
    expect(signUp("Adeyemi-Okafor").success).toBe(true);
  });

  const review = (body: string) =>
    clientReviewSchema.safeParse({
      overall: "5",
      satisfaction: "5",
      professionalism: "5",
      communication: "5",
      punctuality: "5",
      body,
    });

  it.each([
    "Great night! Call me on 0803 123 4567 for your next show",
    "Wonderful band, reach me at ngozireal at gmail dot com",
    "Wonderful band. My IG ngozireal, follow for the pictures",
  ])("refuses the review %j", (body) => {
    const parsed = review(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(REVIEW_HAS_CONTACT);
  });

  it("takes a review with prices, dates, times and counts", () => {
    expect(
      review("₦250,000 well spent: 4 hours on 12/12/2026 from 6:30 PM, 200 guests danced 24/7.").success,
    ).toBe(true);
  });

  it("refuses a reply with an address, and takes a plain thank-you", () => {
    const id = "2f1c6a3e-8a4b-4c3d-9e2f-1a2b3c4d5e6f";
    const bad = replySchema.safeParse({
      reviewId: id,
      reply: "Thanks! Book me direct: tayoreal at gee mail",
    });
    expect(bad.error?.issues.map((i) => i.message)).toContain(REVIEW_HAS_CONTACT);
    expect(replySchema.safeParse({ reviewId: id, reply: "Thank you, see you in 2027!" }).success).toBe(true);
  });
});
