// Shared by the bookings, booking-requests and disputes integration tests (never imported by the app).
import { eq } from "drizzle-orm";
import { db } from "~/server/db.server";
import { musicianProfiles } from "~db/schema/profiles";
import { loadContext, requestAs, settle, type TestMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes field by field
export type Answer = { status: number; body: any; location: string | null; setCookie: string | null };

/** Whatever a loader or action gave back (returned or thrown, plain, data() or Response), normalised. */
export async function answer(run: () => Promise<unknown>): Promise<Answer> {
  const res = await settle(run);
  if (res instanceof Response) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return {
      status: res.status,
      body,
      location: res.headers.get("location"),
      setCookie: res.headers.get("set-cookie"),
    };
  }
  const d = res as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (d && d.type === "DataWithResponseInit")
    return {
      status: d.init?.status ?? 200,
      body: d.data,
      location: null,
      setCookie: new Headers(d.init?.headers).get("set-cookie"),
    };
  return { status: 200, body: res, location: null, setCookie: null };
}

// biome-ignore lint/suspicious/noExplicitAny: route args are built loosely for loaders and actions alike
export function args(request: Request, params: Record<string, string> = {}, clientIp?: string): any {
  return { request, params, context: loadContext(clientIp) };
}

export function get(who: { cookie: string } | null, path: string) {
  return requestAs(who, path);
}

export function post(who: { cookie: string } | null, path: string, form: Record<string, string>) {
  return requestAs(who, path, { form });
}

let n = 0;
/** Gives the musician a website slug (what the profile editor's Account tab does). */
export async function giveSlug(m: TestMusician): Promise<string> {
  n += 1;
  // Letters for the id's digits (0→g … 9→p, still unique): a profile address takes at most 4 digits in a row,
  // and a hex id's digits made one test in a few hundred refused when it posted the address back.
  const letters = m.profileId.slice(0, 8).replace(/\d/g, (d) => String.fromCharCode(103 + Number(d)));
  const slug = `artist-${letters}-${n}`;
  await db
    .update(musicianProfiles)
    .set({
      slug,
      stageName: `Stage ${n}`,
      firstName: "Tunde",
      lastName: "Adeyemi",
      phoneNumber: "08030000000",
      websiteActive: true,
    })
    .where(eq(musicianProfiles.id, m.profileId));
  return slug;
}

export const validBooking = {
  clientName: "Ada Eze",
  email: "ada@example.com",
  phoneNumber: "08031234567",
  serviceType: "Full Event Performance",
  serviceTypeOther: "",
  price: "250,000",
  eventType: "Wedding",
  eventTypeOther: "",
  location: "Lekki, Lagos",
  // A fortnight ahead of the real clock: a fixed date would become "already over" (and be refused).
  eventDate: lagosDay(15),
  eventStartTime: "14:00",
  eventEndTime: "18:00",
  additionalDetails: "",
};
