// Upload limits (spec §5, §9), shared by the browser's early check and the server's enforcement.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const AUDIO_ACCEPT = "audio/mpeg,audio/mp3,audio/wav,audio/x-wav,.mp3,.wav";

export const MEDIA_KINDS = ["profile-image", "image", "audio"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export function maxBytesFor(kind: MediaKind): number {
  return kind === "audio" ? MAX_AUDIO_BYTES : MAX_IMAGE_BYTES;
}

/** The spec's failure toasts per upload kind; an oversized audio file has its own message. */
export const UPLOAD_FAILED: Record<MediaKind, string> = {
  "profile-image": "Failed to upload profile image",
  image: "Failed to upload image",
  audio: "Failed to upload audio",
};
export const AUDIO_TOO_LARGE = "Audio file must be less than 10MB";
export const IMAGE_TOO_LARGE_HINT = "Images must be 5MB or smaller.";

export const UPLOAD_SUCCESS: Record<MediaKind, string> = {
  "profile-image": "Profile image updated!",
  image: "Image uploaded successfully!",
  audio: "Audio uploaded successfully!",
};
