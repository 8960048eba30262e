import { z } from "zod";
import { canonicalEventType } from "~/lib/event-types";
import { formText, optionalNairaField } from "~/lib/form-fields";
import { PHONE_ERROR, parseNigerianPhone } from "~/lib/phone";
import { normaliseRoles } from "~/lib/role-spellings";
import { isValidWebUrl, withHttp } from "~/lib/social-links";
import {
  BIO_HAS_CONTACT,
  FIELD_HAS_CONTACT,
  hasContactDetails,
  isContactLink,
  isContactSlug,
  LINK_IS_CONTACT,
  NAME_HAS_CONTACT,
  SLUG_HAS_CONTACT,
} from "./public-contact";

export const STAGE_NAME_REQUIRED = "Stage name is required";
export const EVENT_TYPE_NOT_LISTED = "Choose event types from the list";
export const INVALID_URL = "Please enter a valid URL";
export const PLATFORM_REQUIRED = "Platform is required";
export const INVALID_SLUG = "Invalid URL format";
export const SLUG_TAKEN = "URL already taken";
export const SLUG_TAKEN_TOAST = "This website URL is already taken. Please choose another one.";
export const ACCOUNT_REQUIRED =
  "Please fill in all required fields (First Name, Last Name, Phone Number, and Website URL)";
export const INVALID_PHONE = "Please enter a valid phone number";
export const WEBSITE_NOT_ACTIVE = "Website not active";
export const WEBSITE_NOT_ACTIVE_DESCRIPTION =
  "Complete your first name, last name, phone number and website URL in My Account to activate your website.";

export const SOCIAL_PLATFORMS = [
  "Instagram",
  "Facebook",
  "TikTok",
  "YouTube",
  "Audiomack",
  "Boomplay",
  "Spotify",
  "X",
  "LinkedIn",
  "Website",
];

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX = 60;

const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 60;

/** Roles, genres and event types: trimmed, non-empty, unique (ignoring case), first spelling kept. */
export function cleanTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const t = v.trim().replace(/\s+/g, " ");
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

// Roles and genres are shown on the public profile and /market: a tag with contact details in it is
// refused with the field's message (issue 36).
const tagList = z
  .array(formText())
  .transform(cleanTags)
  .pipe(
    z
      .array(
        formText()
          .max(MAX_TAG_LENGTH, {
            message: `Each item must be ${MAX_TAG_LENGTH} characters or fewer`,
            abort: true,
          })
          .refine((v) => !hasContactDetails(v), FIELD_HAS_CONTACT),
      )
      .max(MAX_TAGS, `Add at most ${MAX_TAGS} items`),
  );

const optionalText = (max: number, label: string) =>
  formText()
    .trim()
    // abort: an over-long value gets its length message, and the contact rule never reads a megabyte.
    .max(max, { message: `${label} must be ${max} characters or fewer`, abort: true })
    .transform((v) => (v === "" ? null : v));

/** A public field of the profile: refused when it carries contact details (issue 36). */
const publicText = (max: number, label: string) =>
  optionalText(max, label).refine((v) => !hasContactDetails(v), FIELD_HAS_CONTACT);

export const socialLinkSchema = z.object({
  platform: formText().trim().min(1, PLATFORM_REQUIRED).max(40, "Platform must be 40 characters or fewer"),
  url: formText()
    .trim()
    .min(1, INVALID_URL)
    .max(500, INVALID_URL)
    .refine((v) => !isContactLink(v), LINK_IS_CONTACT)
    .transform(withHttp)
    .refine(isValidWebUrl, INVALID_URL),
});

export const aboutSchema = z.object({
  stageName: formText()
    .trim()
    .min(1, STAGE_NAME_REQUIRED)
    .max(100, { message: "Stage name must be 100 characters or fewer", abort: true })
    .refine((v) => !hasContactDetails(v), NAME_HAS_CONTACT),
  // One vocabulary with the /market Role filter (issue 39): a known spelling ("Drums") is saved as its
  // role ("Drummer"); other roles stay as typed.
  performanceRoles: tagList.transform(normaliseRoles),
  genres: tagList,
  // One vocabulary with the /market filter: a known synonym ("Weddings") is read as its type.
  eventTypes: z
    .array(formText())
    .transform(cleanTags)
    .pipe(
      z.array(
        formText().transform((v, ctx) => {
          const type = canonicalEventType(v);
          if (!type) ctx.addIssue({ code: "custom", message: EVENT_TYPE_NOT_LISTED });
          return type ?? v;
        }),
      ),
    )
    .transform((types) => [...new Set(types)]),
  location: publicText(200, "Location"),
  bio: optionalText(5000, "Bio").refine((v) => !hasContactDetails(v), BIO_HAS_CONTACT),
  performanceStyle: publicText(1000, "Performance style"),
  equipment: publicText(1000, "Equipment"),
  hourlyRate: optionalNairaField(),
  socialLinks: z.array(socialLinkSchema).max(20, "Add at most 20 social links"),
});
export type AboutInput = z.input<typeof aboutSchema>;
export type About = z.output<typeof aboutSchema>;

/**
 * The About form as posted: tag lists are repeated fields (the chips' hidden inputs plus whatever is
 * still typed in the box), social links are parallel socialPlatform/socialUrl fields. Entirely blank
 * social rows are dropped.
 */
export function aboutFromForm(form: FormData): AboutInput {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const all = (k: string) => form.getAll(k).filter((v): v is string => typeof v === "string");
  const platforms = all("socialPlatform");
  const urls = all("socialUrl");
  const socialLinks = platforms
    .map((platform, i) => ({ platform, url: urls[i] ?? "" }))
    .filter((l) => l.platform.trim() || l.url.trim());
  return {
    stageName: text("stageName"),
    performanceRoles: all("performanceRoles"),
    genres: all("genres"),
    eventTypes: all("eventTypes"),
    location: text("location"),
    bio: text("bio"),
    performanceStyle: text("performanceStyle"),
    equipment: text("equipment"),
    hourlyRate: text("hourlyRate"),
    socialLinks,
  };
}

/** Field errors keyed by dotted path ("socialLinks.0.url"), first message wins. */
export function pathErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    out[key] ??= issue.message;
    // One tag of a list ("performanceRoles.1"): the list's field shows it.
    if (issue.path.length === 2 && typeof issue.path[1] === "number")
      out[String(issue.path[0])] ??= issue.message;
  }
  return out;
}

const requiredText = formText().trim();

export const accountSchema = z
  .object({
    firstName: requiredText
      .max(100, { message: "First name must be 100 characters or fewer", abort: true })
      .refine((v) => !hasContactDetails(v), NAME_HAS_CONTACT),
    lastName: requiredText
      .max(100, { message: "Last name must be 100 characters or fewer", abort: true })
      .refine((v) => !hasContactDetails(v), NAME_HAS_CONTACT),
    phoneNumber: requiredText,
    slug: formText().trim().toLowerCase(),
  })
  .superRefine((v, ctx) => {
    const missing = (["firstName", "lastName", "phoneNumber", "slug"] as const).filter((k) => !v[k]);
    if (missing.length) {
      for (const k of missing) ctx.addIssue({ code: "custom", path: [k], message: ACCOUNT_REQUIRED });
      return;
    }
    if (!/^\+?[0-9][0-9 ()-]{6,19}$/.test(v.phoneNumber)) {
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: INVALID_PHONE });
    } else if (!parseNigerianPhone(v.phoneNumber).ok) {
      // Booking updates go to this number by SMS (issue 30): it must be one a Nigerian phone can get.
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: PHONE_ERROR });
    }
    if (!SLUG_PATTERN.test(v.slug) || v.slug.length > SLUG_MAX) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: INVALID_SLUG });
    } else if (isContactSlug(v.slug)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_HAS_CONTACT });
    }
  });
export type Account = z.output<typeof accountSchema>;
