// Where a profile view came from (issue 38 "Who looks at you"), from what the request itself carries:
// a `from` or `utm_source` parameter on a shared link, else the Referer header (our own pages send
// theirs under Referrer-Policy: same-origin; other sites send at least their origin). Pure.

export const VIEW_SOURCES = ["market", "link", "whatsapp", "instagram", "other", "direct"] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

export const VIEW_SOURCE_LABELS: Record<ViewSource, string> = {
  market: "Stagebook market results",
  link: "A shared booking or profile link",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  other: "Other sites",
  direct: "Direct (typed or no referrer)",
};

const PARAM_SOURCES: Record<string, ViewSource> = {
  market: "market",
  share: "link",
  link: "link",
  booking: "link",
  whatsapp: "whatsapp",
  wa: "whatsapp",
  instagram: "instagram",
  ig: "instagram",
};

function hostSource(host: string): ViewSource {
  const h = host.toLowerCase().replace(/^www\./, "");
  if (h === "wa.me" || h.endsWith("whatsapp.com") || h.endsWith("whatsapp.net")) return "whatsapp";
  if (h.endsWith("instagram.com") || h === "instagr.am") return "instagram";
  return "other";
}

export function viewSource(input: {
  url: URL;
  referer: string | null | undefined;
  ownHost: string;
}): ViewSource {
  const tag = (input.url.searchParams.get("from") ?? input.url.searchParams.get("utm_source") ?? "")
    .trim()
    .toLowerCase();
  if (tag && PARAM_SOURCES[tag]) return PARAM_SOURCES[tag];
  if (!input.referer) return tag ? "other" : "direct";
  let ref: URL;
  try {
    ref = new URL(input.referer);
  } catch {
    return "direct";
  }
  if (ref.host === input.ownHost) {
    if (ref.pathname === "/market" || ref.pathname.startsWith("/market/")) return "market";
    // Another of our pages: a booking page, a profile, the landing page's featured artists.
    return ref.pathname === input.url.pathname ? "direct" : "link";
  }
  return hostSource(ref.host);
}

/** Crawlers and link-preview fetchers (WhatsApp's, Facebook's) are not visitors. */
export function isRobot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  return /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp\/|telegram|headless(?!.*chrome\/)|lighthouse|curl|wget|python|node-fetch|undici|autocannon/i.test(
    userAgent,
  );
}
