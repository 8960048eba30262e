import { z } from "zod";
import { FIELD_HAS_CONTACT, hasContactDetails } from "~/features/profiles/public-contact";
import { parseInstagram, youtubeId, youtubeWatchUrl } from "~/lib/embeds";
import { formText } from "~/lib/form-fields";

export const INVALID_YOUTUBE = "Please enter a valid YouTube URL";
export const INVALID_INSTAGRAM = "Invalid Instagram embed code or URL";

// Upload titles arrive as multipart fields, not through readForm: drop NUL here (PostgreSQL text cannot hold it).
const title = z
  .string()
  .transform((v) => v.replaceAll("\0", "").trim())
  .pipe(formText().max(120, { message: "Title must be 120 characters or fewer", abort: true }))
  // Shown on the public profile: contact details are refused (issue 36).
  .refine((v) => !hasContactDetails(v), FIELD_HAS_CONTACT)
  .transform((v) => (v === "" ? null : v));

/** Keeps only the canonical watch URL, whatever form the link was pasted in. */
export const videoSchema = z.object({
  url: formText()
    .trim()
    .max(2000, INVALID_YOUTUBE)
    .transform((v, ctx) => {
      const id = youtubeId(v);
      if (!id) {
        ctx.addIssue({ code: "custom", message: INVALID_YOUTUBE });
        return z.NEVER;
      }
      return youtubeWatchUrl(id);
    }),
  title: title.optional().default(""),
});

/** A post/reel URL or pasted embed markup; only the permalink survives. */
export const instagramSchema = z.object({
  embed: formText()
    .max(20_000, INVALID_INSTAGRAM)
    .transform((v, ctx) => {
      const post = parseInstagram(v);
      if (!post) {
        ctx.addIssue({ code: "custom", message: INVALID_INSTAGRAM });
        return z.NEVER;
      }
      return post;
    }),
});

export const mediaTitleSchema = title;
