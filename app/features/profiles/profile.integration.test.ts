import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NAIRA_ERROR } from "~/lib/naira";
import { loader as publicLoader } from "~/routes/musician-profile";
import { action, loader } from "~/routes/profile";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import {
  ACCOUNT_REQUIRED,
  INVALID_SLUG,
  SLUG_TAKEN,
  SLUG_TAKEN_TOAST,
  WEBSITE_NOT_ACTIVE,
} from "./profile.schema";
import { saveAccount } from "./profile.server";
import { outcome, postForm, requestAs, routeArgs } from "./profile-test-support";
import { BIO_HAS_CONTACT, LINK_IS_CONTACT, NAME_HAS_CONTACT } from "./public-contact";

type ActionBody = {
  ok: boolean;
  intent: string;
  errors?: Record<string, string>;
  toast: { type: string; message: string };
};

const post = (
  who: TestMusician | null,
  form: Record<string, string | string[]>,
  path = "/profile?tab=about",
) => outcome<ActionBody>(() => action(routeArgs(postForm(who, path, form))));

const editor = async (who: TestMusician, path = "/profile") =>
  (await outcome<Awaited<ReturnType<typeof loader>>>(() => loader(routeArgs(requestAs(who, path))))).body;

const about = (over: Record<string, string | string[]> = {}) => ({
  intent: "about",
  stageName: "Ada Strings",
  performanceRoles: ["Violinist"],
  genres: ["Highlife"],
  eventTypes: ["Weddings"],
  location: "Lagos",
  bio: "Strings for weddings.",
  performanceStyle: "",
  equipment: "",
  hourlyRate: "25000",
  socialPlatform: [],
  socialUrl: [],
  ...over,
});

let slugCounter = 0;
// Letters for the time (a run of 5 digits is refused as a possible phone number, issue 36).
const uniqueSlug = (base = "artist") =>
  `${base}-${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]!)}-${++slugCounter}`;

async function activate(m: TestMusician, slug = uniqueSlug()) {
  const res = await post(
    m,
    { intent: "account", firstName: "Ada", lastName: "Obi", phoneNumber: "08031234567", slug },
    "/profile?tab=account",
  );
  expect(res.body.toast.message).toBe("Account information updated successfully!");
  return slug;
}

describe("/profile loader", () => {
  it("sends a signed-out visitor to /login with /profile as the return URL", async () => {
    const res = await outcome(() => loader(routeArgs(requestAs(null, "/profile"))));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirectTo=%2Fprofile");
  });

  it("loads the musician's own profile, portfolio and performances", async () => {
    const m = await createMusician({ firstName: "Kemi", lastName: "Bello" });
    const data = await editor(m);
    expect(data.profile.id).toBe(m.profileId);
    expect(data.profile.firstName).toBe("Kemi");
    expect(data.portfolio).toEqual([]);
    expect(data.performances).toEqual([]);
    expect(data.website).toEqual({ active: false, url: null });
  });

  it("shows the Website not active toast when sent by View My Website", async () => {
    const m = await createMusician();
    const data = await editor(m, "/profile?tab=account&from=view-website");
    expect(data.toast?.message).toBe(WEBSITE_NOT_ACTIVE);
    expect(data.toast?.description).toMatch(/first name, last name, phone number and website URL/);
    await activate(m);
    expect((await editor(m, "/profile?tab=account&from=view-website")).toast).toBeUndefined();
  });

  it.each([
    ["a list of {platform, url}", [{ platform: "Instagram", url: "https://instagram.com/ada" }]],
    ["an object of platform to url", { Instagram: "https://instagram.com/ada" }],
    ["a nested social_media object", { social_media: { Instagram: "https://instagram.com/ada" } }],
  ])("loads social_links stored as %s", async (_shape, stored) => {
    const m = await createMusician();
    await db
      .update(musicianProfiles)
      .set({ socialLinks: stored })
      .where(eq(musicianProfiles.id, m.profileId));
    expect((await editor(m)).profile.socialLinks).toEqual([
      { platform: "Instagram", url: "https://instagram.com/ada" },
    ]);
  });
});

describe("About save", () => {
  it("saves every field, cleaning tag lists and completing social links", async () => {
    const m = await createMusician();
    const res = await post(
      m,
      about({
        performanceRoles: [" Vocalist ", "vocalist", "", "Saxophonist"],
        genres: ["Afrobeats", "  ", "Jazz", "Afrobeats"],
        socialPlatform: ["Instagram", ""],
        socialUrl: ["instagram.com/ada", ""],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ type: "success", message: "Profile updated successfully!" });
    const { profile } = await editor(m);
    expect(profile).toMatchObject({
      stageName: "Ada Strings",
      // A known spelling is saved as the vocabulary's role (issue 39).
      performanceRoles: ["Lead vocalist", "Saxophonist"],
      genres: ["Afrobeats", "Jazz"],
      // An old free-text value posted as before is read as the list's type.
      eventTypes: ["Wedding"],
      location: "Lagos",
      hourlyRateKobo: 2_500_000,
      performanceStyle: null,
      socialLinks: [{ platform: "Instagram", url: "https://instagram.com/ada" }],
    });
    const [row] = await db
      .select({ socialLinks: musicianProfiles.socialLinks })
      .from(musicianProfiles)
      .where(eq(musicianProfiles.id, m.profileId));
    expect(row?.socialLinks).toEqual([{ platform: "Instagram", url: "https://instagram.com/ada" }]);
  });

  it.each([
    [{ stageName: "  " }, "stageName", "Stage name is required"],
    [{ hourlyRate: "12.505" }, "hourlyRate", NAIRA_ERROR],
    [{ hourlyRate: "-5" }, "hourlyRate", NAIRA_ERROR],
    [{ hourlyRate: "abc" }, "hourlyRate", NAIRA_ERROR],
    [
      { socialPlatform: [""], socialUrl: ["instagram.com/ada"] },
      "socialLinks.0.platform",
      "Platform is required",
    ],
    [
      { socialPlatform: ["Instagram"], socialUrl: ["not a url"] },
      "socialLinks.0.url",
      "Please enter a valid URL",
    ],
    [
      { socialPlatform: ["X"], socialUrl: ["javascript:alert(1)"] },
      "socialLinks.0.url",
      "Please enter a valid URL",
    ],
    // Issue 27: no contact details on the public profile before a paid booking.
    [{ stageName: "Tayo 0803 123 4567" }, "stageName", NAME_HAS_CONTACT],
    [{ stageName: "Tayo ٠٨٠٣ ١٢٣ ٤٥٦٧" }, "stageName", NAME_HAS_CONTACT],
    [{ bio: "Book me direct: WhatsApp me on ०८०३ १२३ ४५६७" }, "bio", BIO_HAS_CONTACT],
    [{ bio: "Email tayo@gmail.com for bookings" }, "bio", BIO_HAS_CONTACT],
    [
      { socialPlatform: ["Website"], socialUrl: ["wa.me/2348031234567"] },
      "socialLinks.0.url",
      LINK_IS_CONTACT,
    ],
    [
      { socialPlatform: ["Website"], socialUrl: ["https://api.whatsapp.com/send?phone=2348031234567"] },
      "socialLinks.0.url",
      LINK_IS_CONTACT,
    ],
    [{ socialPlatform: ["Instagram"], socialUrl: ["tel:08031234567"] }, "socialLinks.0.url", LINK_IS_CONTACT],
    [{ socialPlatform: ["Website"], socialUrl: ["t.me/tayosax"] }, "socialLinks.0.url", LINK_IS_CONTACT],
    [
      { socialPlatform: ["Website"], socialUrl: ["tayo.com/call/08031234567"] },
      "socialLinks.0.url",
      LINK_IS_CONTACT,
    ],
  ])("refuses %o with a field message", async (over, field, message) => {
    const m = await createMusician();
    const res = await post(m, about(over));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    expect(res.body.toast.message).toBe("Failed to save profile data");
    expect((await editor(m)).profile.stageName).toBeNull();
  });

  it.each([
    ["150000", 15_000_000],
    ["150,000", 15_000_000],
    ["₦150,000", 15_000_000],
    ["150 000", 15_000_000],
  ])("reads the hourly rate %j as people write it", async (hourlyRate, kobo) => {
    const m = await createMusician();
    expect((await post(m, about({ hourlyRate }))).status).toBe(200);
    expect((await editor(m)).profile.hourlyRateKobo).toBe(kobo);
  });

  it("accepts an empty hourly rate and a rate of 0", async () => {
    const m = await createMusician();
    expect((await post(m, about({ hourlyRate: "" }))).status).toBe(200);
    expect((await editor(m)).profile.hourlyRateKobo).toBeNull();
    expect((await post(m, about({ hourlyRate: "0" }))).status).toBe(200);
    expect((await editor(m)).profile.hourlyRateKobo).toBe(0);
  });

  it("refuses a signed-out visitor", async () => {
    const res = await post(null, about());
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/login\?redirectTo=/);
  });

  it("changes only the signed-in musician's own profile", async () => {
    const owner = await createMusician();
    const other = await createMusician();
    await post(other, about({ stageName: "Other Name" }));
    const [row] = await db
      .select({ stageName: musicianProfiles.stageName })
      .from(musicianProfiles)
      .where(eq(musicianProfiles.id, owner.profileId));
    expect(row?.stageName).toBeNull();
  });
});

describe("An oversized form", () => {
  it("is refused with 413 and read to its end, so the answer reaches a client still sending", async () => {
    const m = await createMusician();
    const request = postForm(m, "/profile?tab=about", about({ bio: "x".repeat(300_000) }));
    request.headers.set("content-length", "300200");
    const res = await outcome<ActionBody>(() => action(routeArgs(request)));
    expect(res.status).toBe(413);
    expect(res.body.toast.message).toBe("An unexpected error occurred");
    expect(request.bodyUsed).toBe(true);
  });
});

describe("Account save", () => {
  const account = (over: Record<string, string> = {}) => ({
    intent: "account",
    firstName: "Ada",
    lastName: "Obi",
    phoneNumber: "+234 803 123 4567",
    slug: uniqueSlug("ada"),
    ...over,
  });

  it("saves, activates the website and renames the user", async () => {
    const m = await createMusician({ firstName: "Old", lastName: "Name" });
    const form = account({ firstName: "Adaeze", lastName: "Obi" });
    const res = await post(m, form, "/profile?tab=account");
    // A first mobile number: the toast also says where booking updates go now (phone walk 3).
    expect(res.body.toast).toEqual({
      type: "success",
      message: "Account information updated successfully!",
      description: "Booking updates now go to 0803 123 4567 by SMS.",
    });
    const data = await editor(m);
    expect(data.profile).toMatchObject({ slug: form.slug, firstName: "Adaeze", websiteActive: true });
    expect(data.website).toEqual({ active: true, url: `/musicians/${form.slug}` });
    const [u] = await db
      .select({ name: user.name, firstName: user.firstName, lastName: user.lastName })
      .from(user)
      .where(eq(user.id, m.userId));
    expect(u).toEqual({ name: "Adaeze Obi", firstName: "Adaeze", lastName: "Obi" });
  });

  it.each(["firstName", "lastName", "phoneNumber", "slug"])("requires %s", async (field) => {
    const m = await createMusician();
    const res = await post(m, account({ [field]: " " }), "/profile?tab=account");
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe(ACCOUNT_REQUIRED);
    expect((await editor(m)).website.active).toBe(false);
  });

  it.each(["-ada", "ada-", "ada--obi", "ada_obi", "ada obi", "adá", "a/b"])(
    "refuses the slug %s",
    async (slug) => {
      const m = await createMusician();
      const res = await post(m, account({ slug }), "/profile?tab=account");
      expect(res.status).toBe(400);
      expect(res.body.errors?.slug).toBe(INVALID_SLUG);
      expect(res.body.toast.message).toBe(INVALID_SLUG);
    },
  );

  it("lower-cases a slug typed with capitals", async () => {
    const m = await createMusician();
    const slug = uniqueSlug("caps");
    await post(m, account({ slug: slug.toUpperCase() }), "/profile?tab=account");
    expect((await editor(m)).profile.slug).toBe(slug);
  });

  it("refuses a slug another musician has", async () => {
    const first = await createMusician();
    const second = await createMusician();
    const slug = await activate(first);
    const res = await post(second, account({ slug }), "/profile?tab=account");
    expect(res.status).toBe(409);
    expect(res.body.errors?.slug).toBe(SLUG_TAKEN);
    expect(res.body.toast.message).toBe(SLUG_TAKEN_TOAST);
    // Saving your own slug again is fine.
    expect((await post(first, account({ slug }), "/profile?tab=account")).status).toBe(200);
  });

  it("keeps a slug unique under concurrent saves (the database decides)", async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => createMusician()));
    const slug = uniqueSlug("race");
    const results = await Promise.all(
      racers.map((m) =>
        saveAccount(
          { userId: m.userId, profileId: m.profileId },
          { firstName: "A", lastName: "B", phoneNumber: "08031234567", slug },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "taken")).toHaveLength(5);
    const owners = await db
      .select({ id: musicianProfiles.id })
      .from(musicianProfiles)
      .where(eq(musicianProfiles.slug, slug));
    expect(owners).toHaveLength(1);
  });

  it("refuses a signed-out visitor", async () => {
    const res = await post(null, account(), "/profile?tab=account");
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/login/);
  });
});

describe("public profile /musicians/{slug}", () => {
  const open = (slug: string) =>
    outcome<Awaited<ReturnType<typeof publicLoader>>["data"]>(() =>
      publicLoader(routeArgs(requestAs(null, `/musicians/${slug}`), { slug })),
    );

  it("masks contact details saved in a name, the bio or a link before issue 27, and keeps other links", async () => {
    const m = await createMusician();
    const slug = await activate(m);
    await db
      .update(musicianProfiles)
      .set({
        stageName: "Tayo 0803 123 4567",
        bio: "Great sax. Call 0️⃣8️⃣0️⃣3️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣ anytime",
        socialLinks: [
          { platform: "Website", url: "https://wa.me/2348031234567" },
          { platform: "Instagram", url: "https://instagram.com/tayosax" },
        ],
      })
      .where(eq(musicianProfiles.id, m.profileId));
    const page = JSON.stringify((await open(slug)).body);
    expect(page).not.toMatch(/0803|4567|wa\.me|2348031234567/);
    expect(page).toContain("Tayo [contact details hidden until booking is paid]");
    expect(page).toContain("instagram.com/tayosax");
    // The account form also refuses a number as a name.
    const named = await post(
      m,
      { intent: "account", firstName: "Tayo 08031234567", lastName: "Obi", phoneNumber: "08031234567", slug },
      "/profile?tab=account",
    );
    expect(named.status).toBe(400);
    expect(named.body.errors?.firstName).toBe(NAME_HAS_CONTACT);
  });

  it("answers 404 for an unknown slug or a malformed one", async () => {
    expect((await open("nobody-here")).status).toBe(404);
    expect((await open("../../etc")).status).toBe(404);
    expect((await open("x".repeat(500))).status).toBe(404);
  });

  it("answers 404 while the website is not active (spec §4)", async () => {
    const m = await createMusician();
    const slug = await activate(m);
    for (const column of ["phoneNumber", "firstName"] as const) {
      await db
        .update(musicianProfiles)
        .set({ [column]: null })
        .where(eq(musicianProfiles.id, m.profileId));
      expect((await open(slug)).status).toBe(404);
      await db
        .update(musicianProfiles)
        .set({ [column]: "X1234567" })
        .where(eq(musicianProfiles.id, m.profileId));
    }
    await db
      .update(musicianProfiles)
      .set({ websiteActive: false })
      .where(eq(musicianProfiles.id, m.profileId));
    expect((await open(slug)).status).toBe(404);
  });

  it("serves an active website to a signed-out visitor with share tags and no phone number", async () => {
    const m = await createMusician();
    await post(m, about({ bio: "Highlife violin for weddings in Lagos." }));
    const slug = await activate(m);
    const res = await open(slug);
    expect(res.status).toBe(200);
    expect(res.body.profile.profile).toMatchObject({ stageName: "Ada Strings", phoneNumber: null });
    expect(res.body.share).toMatchObject({
      url: `http://localhost:3000/musicians/${slug}`,
      description: "Highlife violin for weddings in Lagos.",
    });
    expect(res.body.share.title).toContain("Ada Strings");
  });
});
