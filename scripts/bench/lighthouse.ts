// Lighthouse audits of the public pages (used by `npm run bench` and `scripts/bench/lcp.ts`), and the
// musician they audit: a website with a profile photo and 6 portfolio images, uploaded over HTTP the
// way the profile editor posts them, so the page is the one the issue measures.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { type AppServer, nextIp } from "./server-control";

export interface PageFigures {
  page: string;
  profile: string;
  lcpElement: string;
  lcpPhases: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  totalKB: number;
  jsKB: number;
}

export const PROFILES = {
  // Lighthouse's default mobile: simulated 150 ms RTT, 1.6 Mbps down, 4x CPU slowdown.
  mobile: undefined,
  // The slow profile: --throttling.rttMs=300 --throttling.throughputKbps=400.
  slow: { rttMs: 300, throughputKbps: 400, cpuSlowdownMultiplier: 4 },
} as const;

export async function lighthouseAudits(
  baseUrl: string,
  pages: { name: string; path: string }[],
  profile: keyof typeof PROFILES,
): Promise<PageFigures[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
    ],
  });
  const out: PageFigures[] = [];
  try {
    for (const p of pages) {
      // Defaults: mobile form factor, simulated 150 ms RTT, 1.6 Mbps down, 4x CPU slowdown.
      const throttling = PROFILES[profile];
      const result = await lighthouse(`${baseUrl}${p.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        ...(throttling ? { throttling } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${p.path}`);
      const lhr = result.lhr;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const items =
        (
          lhr.audits["network-requests"]?.details as {
            items?: { resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      const jsBytes = items
        .filter((i) => i.resourceType === "Script")
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
      const lcp = lhr.audits["largest-contentful-paint-element"]?.details as
        | { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] }
        | undefined;
      const lcpNode = lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
      const phases = (lcp?.items?.[1]?.items ?? [])
        .map((i) => `${i.phase} ${Math.round(i.timing ?? 0)}`)
        .join(", ");
      const fig = {
        page: p.name,
        profile,
        lcpElement: lcpNode.slice(0, 80),
        lcpPhases: phases,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        fcpMs: Math.round(audit("first-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: Number(audit("cumulative-layout-shift").toFixed(3)),
        totalKB: Number((audit("total-byte-weight") / 1024).toFixed(1)),
        jsKB: Number((jsBytes / 1024).toFixed(1)),
      };
      console.log(
        `  ${p.name.padEnd(24)} performance ${fig.performance}  LCP ${fig.lcpMs} ms  FCP ${fig.fcpMs} ms  TBT ${fig.tbtMs} ms  CLS ${fig.cls}  total ${fig.totalKB} KB  JS ${fig.jsKB} KB\n    LCP element ${fig.lcpElement}\n    ${fig.lcpPhases}`,
      );
      out.push(fig);
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

const photo = (width: number, height: number, hue: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 90, b: 255 - hue } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * Registers a musician over HTTP, uploads a profile photo and 6 portfolio images through the editor's
 * upload endpoints, and makes the website active; returns the public slug.
 */
export async function createShowcaseMusician(server: AppServer): Promise<string> {
  const email = `showcase-${randomBytes(5).toString("hex")}@example.com`;
  const ip = nextIp();
  const res = await fetch(`${server.url}/register`, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams({
      firstName: "Adaeze",
      lastName: "Nwosu",
      email,
      password: "afrobeats-2026",
      role: "musician",
      phoneNumber: "08031234567",
    }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`register answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const upload = async (query: string, file: Buffer, title?: string) => {
    const form = new FormData();
    if (title) form.set("title", title);
    form.set("file", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "photo.jpg");
    const r = await fetch(`${server.url}/profile?${query}`, {
      method: "POST",
      headers: { origin: server.url, cookie, "x-forwarded-for": ip },
      body: form,
    });
    if (!r.ok) throw new Error(`upload ${query} answered ${r.status}`);
  };
  await upload("tab=about&media=profile-image", await photo(1200, 1200, 40));
  for (let i = 0; i < 6; i++) {
    await upload("tab=portfolio&media=image", await photo(1600, 1067, 30 * i), `Live set ${i + 1}`);
  }
  const slug = `showcase-${randomBytes(4).toString("hex")}`;
  await server.withDb((c) =>
    c.query(
      `UPDATE musician_profiles SET slug = $1, stage_name = 'Adaeze Strings', website_active = true,
         performance_roles = ARRAY['Violinist'], genres = ARRAY['Afrobeats', 'Highlife'], location = 'Lagos',
         hourly_rate_kobo = 15000000,
         bio = 'Violinist for weddings, galas and corporate events across Lagos and Abuja. Afrobeats, highlife and classical sets with a string trio on request.'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $2)`,
      [slug, email],
    ),
  );
  return slug;
}
