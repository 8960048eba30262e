import { allShownTo, shownTo, type TextFields } from "~/features/messaging/contact-boundary";
import { listPerformances, type PerformanceRow } from "~/features/performances/performances.server";
import { PROFILE_IMAGE_WIDTHS } from "~/features/portfolio/image-srcset";
import {
  deleteStoredFiles,
  listPortfolio,
  type PortfolioRow,
  storeImageRenditions,
} from "~/features/portfolio/portfolio.server";
import { readSocialLinks, type SocialLink } from "~/lib/social-links";
import { isWebsiteActive } from "~/lib/website-active";
import { logger } from "~/server/logger.server";
import { BUCKETS } from "~/server/storage/storage.server";
import type { About, Account } from "./profile.schema";
import { isContactLink } from "./public-contact";
import {
  type FullProfileRow,
  findFeaturedProfiles,
  findFullProfileBySlug,
  findFullProfileByUserId,
  saveAccountFields,
  setProfileImageUrl,
  slugTakenByOther,
  updateAboutFields,
} from "./queries.server";

export interface ProfileView extends Omit<FullProfileRow, "socialLinks" | "updatedAt" | "userId"> {
  socialLinks: SocialLink[];
}

function toView(row: FullProfileRow): ProfileView {
  const { socialLinks, updatedAt: _u, userId: _id, ...rest } = row;
  return { ...rest, socialLinks: readSocialLinks(socialLinks) };
}

export interface EditorData {
  profile: ProfileView;
  website: { active: boolean; url: string | null };
  portfolio: PortfolioRow[];
  performances: PerformanceRow[];
}

/** Everything /profile shows, for the signed-in musician only. */
export async function getEditorData(userId: string): Promise<EditorData | null> {
  const row = await findFullProfileByUserId(userId);
  if (!row) return null;
  const [portfolio, performances] = await Promise.all([listPortfolio(row.id), listPerformances(row.id)]);
  const active = isWebsiteActive(row);
  return {
    profile: toView(row),
    website: { active, url: active ? `/musicians/${row.slug}` : null },
    portfolio,
    performances,
  };
}

export async function saveAbout(profileId: string, about: About): Promise<boolean> {
  try {
    return await updateAboutFields(profileId, {
      stageName: about.stageName,
      performanceRoles: about.performanceRoles,
      genres: about.genres,
      eventTypes: about.eventTypes,
      location: about.location,
      bio: about.bio,
      performanceStyle: about.performanceStyle,
      equipment: about.equipment,
      hourlyRateKobo: about.hourlyRate,
      socialLinks: about.socialLinks,
    });
  } catch (err) {
    logger.error({ err }, "profile save failed");
    return false;
  }
}

export type AccountResult = { ok: true } | { ok: false; reason: "taken" | "failed" };

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Saves names, phone and slug and turns the website on (spec §4). The early read gives a friendly
 * answer in the common case; the unique index is what actually guarantees one owner per slug.
 */
export async function saveAccount(
  owner: { userId: string; profileId: string },
  account: Account,
): Promise<AccountResult> {
  try {
    if (await slugTakenByOther(account.slug, owner.profileId)) return { ok: false, reason: "taken" };
    await saveAccountFields(owner.profileId, owner.userId, account);
    return { ok: true };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "taken" };
    logger.error({ err }, "account save failed");
    return { ok: false, reason: "failed" };
  }
}

export async function isSlugAvailable(slug: string, profileId: string): Promise<boolean> {
  return !(await slugTakenByOther(slug, profileId));
}

/** Replaces the image at profile_images/{userId}/profile.webp (plus its small rendition). */
export async function uploadProfileImage(
  owner: { userId: string; profileId: string },
  bytes: Buffer,
): Promise<{ ok: true; url: string } | { ok: false; reason: "invalid" | "failed" }> {
  try {
    const stored = await storeImageRenditions(
      BUCKETS.profileImages,
      owner.userId,
      "profile",
      bytes,
      PROFILE_IMAGE_WIDTHS,
    );
    if (!stored) return { ok: false, reason: "invalid" };
    // Same path on every replace, so the version in the query string is what busts caches.
    const url = `${stored.url}?v=${Date.now()}`;
    await setProfileImageUrl(owner.profileId, url);
    return { ok: true, url };
  } catch (err) {
    logger.error({ err }, "profile image upload failed");
    return { ok: false, reason: "failed" };
  }
}

export async function removeProfileImage(owner: { userId: string; profileId: string }): Promise<boolean> {
  try {
    const row = await findFullProfileByUserId(owner.userId);
    if (!row || row.id !== owner.profileId) return false;
    await setProfileImageUrl(owner.profileId, null);
    if (row.profileImage) await deleteStoredFiles(row.profileImage, PROFILE_IMAGE_WIDTHS);
    return true;
  } catch (err) {
    logger.error({ err }, "profile image removal failed");
    return false;
  }
}

export interface PublicProfile {
  profile: ProfileView;
  portfolio: PortfolioRow[];
  performances: PerformanceRow[];
}

/** The public website, or null when the slug is unknown or the website is not active. */
export async function getPublicProfile(slug: string): Promise<PublicProfile | null> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const row = await findFullProfileBySlug(slug);
  if (!row || !isWebsiteActive(row)) return null;
  const [portfolio, performances] = await Promise.all([listPortfolio(row.id), listPerformances(row.id)]);
  const profile = toView(row);
  // The public page reads as before payment for everyone (issue 36): the phone number withheld, every
  // field the musician typed masked (saved before the rules refused contact details), chat links left out.
  return {
    profile: {
      ...shownTo(profile, PUBLIC_PROFILE_FIELDS, "public"),
      socialLinks: profile.socialLinks.filter((l) => !isContactLink(l.url)),
    },
    portfolio: allShownTo(portfolio, PORTFOLIO_FIELDS, "public"),
    performances: allShownTo(performances, PERFORMANCE_FIELDS, "public"),
  };
}

const PUBLIC_PROFILE_FIELDS: TextFields<Omit<ProfileView, "socialLinks">> = {
  id: "ours",
  slug: "ours",
  firstName: "typed",
  lastName: "typed",
  stageName: "typed",
  phoneNumber: "contact",
  location: "typed",
  bio: "typed",
  performanceStyle: "typed",
  equipment: "typed",
  profileImage: "ours",
  performanceRoles: "typed",
  genres: "typed",
  eventTypes: "typed",
};

const PORTFOLIO_FIELDS: TextFields<PortfolioRow> = {
  id: "ours",
  itemType: "ours",
  contentUrl: "ours",
  title: "typed",
};

const PERFORMANCE_FIELDS: TextFields<PerformanceRow> = {
  id: "ours",
  eventTitle: "typed",
  eventDate: "ours",
  eventType: "typed",
  location: "typed",
  startTime: "ours",
  endTime: "ours",
};

const FEATURED_FIELDS = {
  id: "ours",
  slug: "ours",
  stageName: "typed",
  roles: "typed",
  imageUrl: "ours",
  location: "typed",
} as const;

/** The day's featured candidates (see findFeaturedProfiles for the rule and the daily order). */
export async function listFeaturedProfiles(day: string, limit: number) {
  const rows = await findFeaturedProfiles(day, limit);
  return rows.map((r) =>
    shownTo(
      {
        id: r.id,
        slug: r.slug!,
        stageName: r.stageName!,
        roles: r.performanceRoles,
        imageUrl: r.profileImage!,
        location: r.location,
        hourlyRateKobo: r.hourlyRateKobo,
      },
      FEATURED_FIELDS,
      "public",
    ),
  );
}
