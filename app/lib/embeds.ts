// YouTube and Instagram links as musicians paste them. Only a canonical URL is ever kept: pasted
// embed markup is mined for its permalink and then thrown away, never rendered.

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
  "youtu.be",
  "www.youtu.be",
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parseUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    return new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
}

/** The 11-character video id of a YouTube link, or null when it is not one (spec §5). */
export function youtubeId(input: string): string | null {
  if (!/youtube(-nocookie)?\.com\/|youtu\.be\//i.test(input)) return null;
  const url = parseUrl(input);
  if (!url || !YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (url.hostname.toLowerCase().endsWith("youtu.be")) id = parts[0];
  else if (parts[0] === "watch") id = url.searchParams.get("v");
  else if (["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) id = parts[1];
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** A small (320x180) still, so a page with several videos stays light until one is played. */
export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;
}

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}

export interface InstagramPost {
  kind: "p" | "reel";
  code: string;
  url: string;
}

const INSTAGRAM_LINK =
  /https?:\/\/(?:www\.)?instagram\.com\/(?:[A-Za-z0-9._]+\/)?(p|reels?|tv)\/([A-Za-z0-9_-]{5,40})/i;

/**
 * A post or reel from a URL or pasted embed markup (Instagram's blockquote carries the permalink in
 * data-instgrm-permalink and in a link). Returns the canonical permalink only.
 */
export function parseInstagram(input: string): InstagramPost | null {
  const text = input.trim();
  if (!text || text.length > 20_000) return null;
  const candidate = text.startsWith("<") || /\s/.test(text) ? text : withScheme(text);
  const match = INSTAGRAM_LINK.exec(candidate);
  if (!match) return null;
  const kind = match[1]!.toLowerCase() === "p" ? "p" : "reel";
  const code = match[2]!;
  return { kind, code, url: `https://www.instagram.com/${kind}/${code}/` };
}

function withScheme(text: string): string {
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

export function instagramEmbedUrl(post: Pick<InstagramPost, "kind" | "code">): string {
  return `https://www.instagram.com/${post.kind}/${post.code}/embed/`;
}

/** What a stored video item is, from its canonical URL. */
export function classifyVideoUrl(
  url: string,
): { kind: "youtube"; id: string } | { kind: "instagram"; post: InstagramPost } | null {
  const id = youtubeId(url);
  if (id) return { kind: "youtube", id };
  const post = parseInstagram(url);
  return post ? { kind: "instagram", post } : null;
}
