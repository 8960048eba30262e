// musician_profiles.social_links arrives in three shapes (spec §3): a list of {platform, url}, an
// object of platform to url, or an object holding a nested social_media object. Rows written by this
// app are always the list shape; the other two come from older data and must still load.

export interface SocialLink {
  platform: string;
  url: string;
}

function fromRecord(record: Record<string, unknown>): SocialLink[] {
  const out: SocialLink[] = [];
  for (const [platform, url] of Object.entries(record)) {
    if (typeof url === "string" && url.trim()) out.push({ platform, url: url.trim() });
  }
  return out;
}

function fromList(list: unknown[]): SocialLink[] {
  const out: SocialLink[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const { platform, url } = item as { platform?: unknown; url?: unknown };
    if (typeof platform === "string" && typeof url === "string" && url.trim()) {
      out.push({ platform: platform.trim(), url: url.trim() });
    }
  }
  return out;
}

export function readSocialLinks(value: unknown): SocialLink[] {
  let raw = value;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (Array.isArray(raw)) return fromList(raw);
  if (!raw || typeof raw !== "object") return [];
  const record = raw as Record<string, unknown>;
  if ("social_media" in record) {
    const nested = record.social_media;
    if (Array.isArray(nested)) return fromList(nested);
    if (nested && typeof nested === "object") return fromRecord(nested as Record<string, unknown>);
    return [];
  }
  return fromRecord(record);
}

/** Adds the https:// a person usually leaves out. */
export function withHttp(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A web address worth linking to: http(s), a host with a dot, nothing else. */
export function isValidWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === "http:" || u.protocol === "https:") && /\.[a-z]{2,}$/i.test(u.hostname);
  } catch {
    return false;
  }
}
