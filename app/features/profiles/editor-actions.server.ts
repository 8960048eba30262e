import { createHash } from "node:crypto";
import { data } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { isCancellationPolicy, POLICY_LABELS } from "~/features/money/cancellation-policy";
import { FILL_ALL_FIELDS, performanceSchema } from "~/features/performances/performance.schema";
import { addPerformance, deletePerformance } from "~/features/performances/performances.server";
import { carryPhoneUpdates, ownTextablePhone } from "~/features/phone-messages/phone-consent.server";
import {
  AUDIO_TOO_LARGE,
  IMAGE_TOO_LARGE_HINT,
  MEDIA_KINDS,
  type MediaKind,
  maxBytesFor,
  UPLOAD_FAILED,
  UPLOAD_SUCCESS,
} from "~/features/portfolio/media.schema";
import { instagramSchema, mediaTitleSchema, videoSchema } from "~/features/portfolio/portfolio.schema";
import { addAudio, addEmbed, addImage, removeItem } from "~/features/portfolio/portfolio.server";
import { chooseCancellationPolicy } from "~/features/wallet/wallet.server";
import { formToObject } from "~/lib/field-errors";
import { idempotent } from "~/server/idempotency.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { discardBody } from "~/server/read-form.server";
import { readSingleFileUpload } from "~/server/uploads/multipart.server";
import type { OwnProfile } from "./own-profile.server";
import {
  ACCOUNT_REQUIRED,
  aboutFromForm,
  aboutSchema,
  accountSchema,
  INVALID_SLUG,
  pathErrors,
  SLUG_TAKEN,
  SLUG_TAKEN_TOAST,
} from "./profile.schema";
import { removeProfileImage, saveAbout, saveAccount, uploadProfileImage } from "./profile.server";

export type EditorIntent =
  | "about"
  | "account"
  | "remove-profile-image"
  | "add-video"
  | "add-instagram"
  | "remove-item"
  | "add-performance"
  | "delete-performance"
  | "cancellation-policy"
  | MediaKind;

export interface EditorActionData {
  intent: EditorIntent | "unknown";
  ok: boolean;
  errors?: Record<string, string>;
  toast: { type: "success" | "error"; message: string; description?: string };
}

function reply(body: EditorActionData, status = 200) {
  return data(body, { status });
}
const success = (intent: EditorIntent, message: string, description?: string) =>
  reply({ intent, ok: true, toast: { type: "success", message, ...(description ? { description } : {}) } });
const failure = (
  intent: EditorActionData["intent"],
  message: string,
  status: number,
  extra: { errors?: Record<string, string>; description?: string } = {},
) =>
  reply(
    {
      intent,
      ok: false,
      errors: extra.errors,
      toast: { type: "error", message, description: extra.description },
    },
    status,
  );

const UPLOADS_PER_HOUR = 60;

/**
 * One multipart upload (kind from the query string, so the byte limit is known before the body is
 * read). Every check happens here, on the server: size while streaming, type by the bytes.
 */
export async function handleUpload(
  request: Request,
  ctx: { user: SessionUser; profile: OwnProfile },
  kind: string,
) {
  if (!(MEDIA_KINDS as readonly string[]).includes(kind)) {
    await discardBody(request);
    return failure("unknown", "An unexpected error occurred", 400);
  }
  const media = kind as MediaKind;
  const owner = { userId: ctx.user.id, profileId: ctx.profile.id };
  if (!(await hitRateLimit(`upload:${ctx.user.id}`, UPLOADS_PER_HOUR, 60 * 60_000))) {
    await discardBody(request);
    return failure(media, UPLOAD_FAILED[media], 429, {
      description: "Too many uploads. Please wait a while and try again.",
    });
  }
  const upload = await readSingleFileUpload(request, { maxBytes: maxBytesFor(media) });
  if (!upload.ok) {
    if (upload.reason === "too-large") {
      return media === "audio"
        ? failure(media, AUDIO_TOO_LARGE, 413)
        : failure(media, UPLOAD_FAILED[media], 413, { description: IMAGE_TOO_LARGE_HINT });
    }
    return failure(media, UPLOAD_FAILED[media], 400, { description: "Please choose a file to upload." });
  }
  const title = mediaTitleSchema.safeParse(upload.fields.title ?? "");
  if (!title.success)
    return failure(media, UPLOAD_FAILED[media], 400, { description: title.error.issues[0]?.message });

  const fields = { ...upload.fields, file: createHash("sha256").update(upload.bytes).digest("base64url") };
  return idempotent({ action: `upload:${media}`, userId: ctx.user.id, fields }, async () => {
    const result =
      media === "profile-image"
        ? await uploadProfileImage(owner, upload.bytes)
        : media === "image"
          ? await addImage(owner, upload.bytes, title.data)
          : await addAudio(owner, upload.bytes, title.data);
    if (result.ok) return success(media, UPLOAD_SUCCESS[media]);
    if (result.reason === "invalid") {
      return failure(media, UPLOAD_FAILED[media], 400, {
        description:
          media === "audio" ? "Choose an MP3 or WAV file." : "Choose a JPEG, PNG, WebP, GIF or AVIF image.",
      });
    }
    return failure(media, UPLOAD_FAILED[media], 500);
  });
}

/** The editor's form posts (url-encoded), dispatched by their intent field. */
export async function handleEditorForm(form: FormData, ctx: { user: SessionUser; profile: OwnProfile }) {
  const owner = { userId: ctx.user.id, profileId: ctx.profile.id };
  const intent = String(form.get("intent") ?? "");
  const once = <T>(work: () => Promise<T>) =>
    idempotent({ action: intent, userId: ctx.user.id, fields: formToObject(form) }, work);
  switch (intent) {
    case "about": {
      const parsed = aboutSchema.safeParse(aboutFromForm(form));
      if (!parsed.success) {
        const errors = pathErrors(parsed.error);
        return failure("about", "Failed to save profile data", 400, {
          errors,
          description: Object.values(errors)[0],
        });
      }
      return (await saveAbout(ctx.profile.id, parsed.data))
        ? success("about", "Profile updated successfully!")
        : failure("about", "Failed to save profile data", 500);
    }
    case "account": {
      const parsed = accountSchema.safeParse(formToObject(form));
      if (!parsed.success) {
        const errors = pathErrors(parsed.error);
        const message = Object.values(errors).includes(ACCOUNT_REQUIRED)
          ? ACCOUNT_REQUIRED
          : (Object.values(errors)[0] ?? INVALID_SLUG);
        return failure("account", message, 400, { errors });
      }
      const phoneBefore = await ownTextablePhone(ctx.user.id);
      const result = await saveAccount(owner, parsed.data);
      if (result.ok) {
        const updates = await carryPhoneUpdates(ctx.user.id, phoneBefore);
        return success("account", "Account information updated successfully!", updates);
      }
      if (result.reason === "taken") {
        return failure("account", SLUG_TAKEN_TOAST, 409, { errors: { slug: SLUG_TAKEN } });
      }
      return failure("account", "Failed to save account information", 500);
    }
    case "remove-profile-image":
      return (await removeProfileImage(owner))
        ? success(intent, "Profile image removed")
        : failure(intent, "Failed to remove profile image", 500);
    case "add-video": {
      const parsed = videoSchema.safeParse(formToObject(form));
      if (!parsed.success) {
        return failure(intent, "Invalid YouTube URL", 400, { errors: pathErrors(parsed.error) });
      }
      return once(async () => {
        const added = await addEmbed(owner, parsed.data.url, parsed.data.title);
        return added.ok
          ? success(intent, "Video added successfully!")
          : failure(intent, "Failed to add video", 500);
      });
    }
    case "add-instagram": {
      const parsed = instagramSchema.safeParse(formToObject(form));
      if (!parsed.success) {
        return failure(intent, "Invalid Instagram embed code or URL", 400, {
          errors: pathErrors(parsed.error),
        });
      }
      const post = parsed.data.embed;
      return once(async () => {
        const added = await addEmbed(
          owner,
          post.url,
          post.kind === "reel" ? "Instagram reel" : "Instagram post",
        );
        return added.ok
          ? success(intent, "Instagram post/reel added successfully!")
          : failure(intent, "Failed to add Instagram post/reel", 500);
      });
    }
    case "remove-item": {
      const removed = await removeItem(owner, String(form.get("itemId") ?? ""));
      return removed.ok
        ? success(intent, "Item removed successfully!")
        : failure(intent, "Failed to delete item", removed.reason === "not-found" ? 404 : 500);
    }
    case "add-performance": {
      const parsed = performanceSchema.safeParse(formToObject(form));
      if (!parsed.success) {
        const errors = pathErrors(parsed.error);
        const message = Object.values(errors).includes(FILL_ALL_FIELDS)
          ? FILL_ALL_FIELDS
          : (Object.values(errors)[0] ?? FILL_ALL_FIELDS);
        return failure(intent, message, 400, { errors });
      }
      return once(async () => {
        try {
          await addPerformance(ctx.profile.id, parsed.data);
          return success(intent, "Performance added successfully!");
        } catch {
          return failure(intent, "Failed to add performance", 500);
        }
      });
    }
    case "delete-performance":
      return (await deletePerformance(ctx.profile.id, String(form.get("performanceId") ?? "")))
        ? success(intent, "Performance deleted successfully!")
        : failure(intent, "Failed to delete performance", 404);
    case "cancellation-policy": {
      const policy = form.get("cancellationPolicy");
      if (!isCancellationPolicy(policy)) {
        return failure(intent, "Choose Flexible, Moderate or Strict", 400, {
          errors: { cancellationPolicy: "Choose Flexible, Moderate or Strict" },
        });
      }
      await chooseCancellationPolicy(ctx.profile.id, policy);
      return success(intent, `Cancellation policy set to ${POLICY_LABELS[policy]}`);
    }
    default:
      return failure("unknown", "An unexpected error occurred", 400);
  }
}
