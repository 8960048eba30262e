// A musician's numbers (issue 38): the Numbers page's figures, profile views counted without cookies,
// the public record and the price bands read from their maintained summaries, and the job that keeps
// those summaries fresh. Money figures come from the money module (moneyByMonth), never summed here.
import { createHash } from "node:crypto";
import { chargesOf, peekBookingsMoney } from "~/features/money/booking-money.server";
import { lastLagosMonths, type MonthMoney, moneyByMonth } from "~/features/money/money-by-month.server";
import { EVENT_TYPES } from "~/lib/event-types";
import { addDaysToDate, lagosToday } from "~/lib/lagos-date";
import { currentTransactionSql } from "~/server/db.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { bandHint, type PriceBand } from "./price-band";
import type { PublicRecord } from "./public-record";
import * as q from "./queries.server";
import { isRobot, VIEW_SOURCES, type ViewSource, viewSource } from "./view-source";

export const NUMBERS_WINDOWS = [30, 90, 365] as const;
export type NumbersWindow = (typeof NUMBERS_WINDOWS)[number];

export function parseWindow(value: string | null): NumbersWindow {
  const n = Number(value);
  return (NUMBERS_WINDOWS as readonly number[]).includes(n) ? (n as NumbersWindow) : 90;
}

// ——— Profile views ———

type Visit = { ip: string; userAgent: string | null | undefined };

async function visitorOf(musicianId: string, visit: Visit, day: string): Promise<string> {
  const salt = await q.daySalt(day);
  return createHash("sha256")
    .update(`${salt}|${visit.ip}|${visit.userAgent ?? ""}|${musicianId}`)
    .digest("hex");
}

/**
 * Counts a view of /musicians/{slug}: once per visitor per Lagos day, from a salted hash of the
 * address and browser that is useless once the day's salt is gone. Robots are not counted. Nothing
 * leaves our servers and no cookie is set.
 */
export async function recordProfileView(
  input: Visit & { slug: string; url: URL; referer: string | null | undefined; ownHost: string },
  now = new Date(),
): Promise<boolean> {
  if (isRobot(input.userAgent)) return false;
  const musicianId = await q.musicianIdBySlug(input.slug);
  if (!musicianId) return false;
  const day = lagosToday(now);
  const source = viewSource({ url: input.url, referer: input.referer, ownHost: input.ownHost });
  await q.insertView({ musicianId, day, visitor: await visitorOf(musicianId, input, day), source });
  return true;
}

/** A request sent: the same visitor's view of that musician that day "became a request". */
export async function markViewBecameRequest(slug: string, visit: Visit, now = new Date()) {
  try {
    const musicianId = await q.musicianIdBySlug(slug);
    if (!musicianId) return;
    const day = lagosToday(now);
    await q.markViewRequested(musicianId, day, await visitorOf(musicianId, visit, day));
  } catch (err) {
    // The request itself is saved; a figure on the musician's own page is not worth failing it.
    logger.warn({ err }, "could not count a profile view's request");
  }
}

// ——— The Numbers page ———

export type NumbersPage = Awaited<ReturnType<typeof numbersPage>>;

export async function numbersPage(musicianId: string, window: NumbersWindow, now = new Date()) {
  const today = lagosToday(now);
  const since = new Date(now.getTime() - window * 86_400_000);
  const sinceDay = addDaysToDate(today, -(window - 1));
  const months = lastLagosMonths(12, now);
  const yearSinceDay = `${months[0]}-01`;
  // A year by day is 365 bars and rows: by week (from each Monday) it reads, and weighs less on a phone.
  const byWeek = window > 90;
  // Two round trips at once: the money module's figures, and everything else in one statement.
  const [money, figures] = await Promise.all([
    moneyByMonth(musicianId, { months: 12, now }),
    q.numbersFigures(musicianId, { since, sinceDay, yearSinceDay, byWeek }),
  ]);
  const { funnel, viewsByDay: byDay, viewsBySource: bySource, paidByMonth: monthGigs } = figures;
  const types = figures.paidByEventType;
  const bands = bandsByType(figures.bands);
  const gigsOf = new Map(monthGigs.map((m) => [m.month, m]));
  const bestMonths = months
    .map((month) => ({
      month,
      gigs: gigsOf.get(month)?.gigs ?? 0,
      priceKobo: gigsOf.get(month)?.priceKobo ?? 0,
    }))
    .filter((m) => m.gigs > 0)
    .sort((a, b) => b.priceKobo - a.priceKobo || b.gigs - a.gigs)
    .slice(0, 3);
  const sourceOf = new Map(bySource.map((s) => [s.source, s]));
  const views = {
    total: byDay.reduce((n, d) => n + d.views, 0),
    requested: byDay.reduce((n, d) => n + d.requested, 0),
    /** "day" periods start on their day; "week" periods on a Monday. */
    period: byWeek ? ("week" as const) : ("day" as const),
    byDay,
    bySource: VIEW_SOURCES.map((source) => ({
      source,
      views: sourceOf.get(source)?.views ?? 0,
      requested: sourceOf.get(source)?.requested ?? 0,
    })),
  };
  return {
    window,
    money,
    funnel: {
      ...funnel,
      closeRate: funnel.received === 0 ? null : funnel.booked / funnel.received,
    },
    views,
    bestMonths,
    eventTypes: types.map((t) => ({ ...t, band: bands.get(t.eventType) ?? null })),
  };
}

/** The money table's totals (each column's 12 months together). */
export function moneyTotals(money: MonthMoney[]) {
  return money.reduce(
    (t, m) => ({
      releasedKobo: t.releasedKobo + m.releasedKobo,
      paidOutKobo: t.paidOutKobo + m.paidOutKobo,
      inEscrowKobo: t.inEscrowKobo + m.inEscrowKobo,
      bookedUnpaidKobo: t.bookedUnpaidKobo + m.bookedUnpaidKobo,
    }),
    { releasedKobo: 0, paidOutKobo: 0, inEscrowKobo: 0, bookedUnpaidKobo: 0 },
  );
}

// ——— CSV ———

const csvCell = (v: string | number | null) => {
  const s = v === null ? "" : String(v);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const nairaCell = (kobo: number | null) => (kobo === null ? "" : (kobo / 100).toFixed(2));
export const toCsv = (rows: (string | number | null)[][]) =>
  `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;

/** date, client first name, event type, price, fee, commission, your share, status (naira). */
export async function bookingsCsv(musicianId: string): Promise<string> {
  const bookings = await q.bookingsForExport(musicianId);
  const money = await peekBookingsMoney(bookings.map((b) => b.id));
  const rows: (string | number | null)[][] = [
    [
      "Date",
      "Client first name",
      "Event type",
      "Price (NGN)",
      "Service fee (NGN)",
      "Commission (NGN)",
      "Your share (NGN)",
      "Status",
      "Payment",
    ],
  ];
  for (const b of bookings) {
    const c = chargesOf(money.get(b.id) ?? null, b.priceKobo);
    rows.push([
      b.eventDate,
      b.clientName.trim().split(/\s+/)[0] ?? "",
      b.eventType,
      nairaCell(c?.priceKobo ?? null),
      nairaCell(c?.serviceFeeKobo ?? null),
      nairaCell(c?.commissionKobo ?? null),
      nairaCell(c?.musicianKobo ?? null),
      b.status,
      b.paymentStatus,
    ]);
  }
  return toCsv(rows);
}

/** date, amount, bank, reference (naira). */
export async function payoutsCsv(musicianId: string): Promise<string> {
  const payouts = await q.payoutsForExport(musicianId);
  const rows: (string | number | null)[][] = [
    ["Date", "Amount (NGN)", "Bank", "Account", "Reference", "Status"],
  ];
  for (const p of payouts) {
    rows.push([
      lagosToday(p.createdAt),
      nairaCell(p.amountKobo),
      p.bankName,
      `••${p.accountNumber.slice(-4)}`,
      p.reference,
      p.status,
    ]);
  }
  return toCsv(rows);
}

// ——— Public records and price bands (read from the maintained summaries) ———

export async function publicRecordsOf(musicianIds: string[]): Promise<Map<string, PublicRecord>> {
  const rows = await q.publicRecordsOf(musicianIds);
  return new Map(rows.map(({ musicianId, ...r }) => [musicianId, r]));
}

export async function publicRecordOf(musicianId: string): Promise<PublicRecord | null> {
  return (await publicRecordsOf([musicianId])).get(musicianId) ?? null;
}

/** Each event type's band in the state when there is one, else across every state. */
function bandsByType(rows: PriceBand[]): Map<string, PriceBand> {
  const out = new Map<string, PriceBand>();
  for (const r of rows) {
    const have = out.get(r.eventType);
    if (!have || (r.state && !have.state)) out.set(r.eventType, r);
  }
  return out;
}

export async function priceBandsFor(
  eventTypes: string[],
  state: string | null,
): Promise<Map<string, PriceBand>> {
  return bandsByType(await q.priceBandRows(eventTypes, state));
}

export async function priceBandFor(
  eventType: string | null,
  state: string | null,
): Promise<PriceBand | null> {
  if (!eventType) return null;
  return (await priceBandsFor([eventType], state)).get(eventType) ?? null;
}

// ——— The refresh job ———

export const NUMBERS_REFRESH_JOB = "numbers-refresh";
/** Every minute: a booking completed or paid out shows in the record and the bands within a minute. */
export const NUMBERS_REFRESH_CRON = "* * * * *";
export const NUMBERS_NIGHTLY_JOB = "numbers-refresh-nightly";
/** 02:00 in Lagos (01:00 UTC). */
export const NUMBERS_NIGHTLY_CRON = "0 1 * * *";

/**
 * Refreshes what changed since the last run: the records of musicians with a changed booking, request
 * or reply, and every band when any booking changed. The watermark is taken before reading, so a
 * change committed during the run is looked at again next time.
 */
export async function refreshChangedNumbers(): Promise<{ records: number; bands: number | null }> {
  const since = await q.readChangedSince();
  const startedAt = await q.dbNow();
  // A minute's overlap: a transaction that began before `since` may commit a row stamped before it.
  const changed = await q.changedSince(new Date(since.getTime() - 60_000), startedAt);
  const records = await q.refreshPublicRecords(changed.musicianIds);
  const bands = changed.bookingsChanged ? await q.refreshPriceBands() : null;
  await q.writeChangedSince(startedAt);
  return { records, bands };
}

export const NUMBERS_MUSICIAN_JOB = "numbers-refresh-musician";
export const NUMBERS_BANDS_JOB = "numbers-refresh-bands";
/**
 * A booking paid, completed, refunded or charged back queues its musician's refresh for the end of the
 * current window of this length: every change in the window is summarised by one job (debounced per
 * musician), at most this long after the change, and the bands by one job per window for everyone.
 */
export const NUMBERS_DEBOUNCE_MS = 10_000;

const windowEnd = (now: Date) =>
  new Date(Math.floor(now.getTime() / NUMBERS_DEBOUNCE_MS + 1) * NUMBERS_DEBOUNCE_MS);

/**
 * Queues the refresh of a musician's public record and of the bands, in the caller's transaction when
 * there is one (pg-boss `send` on the same connection): it commits or rolls back with the change.
 * A second call in the same window is a no-op (the job's id comes from the musician and the window).
 */
export async function queueNumbersRefresh(musicianId: string, now = new Date()): Promise<void> {
  const at = windowEnd(now);
  await scheduleJob(
    NUMBERS_MUSICIAN_JOB,
    { musicianId },
    { singletonKey: `${musicianId}@${at.getTime()}`, startAfter: at, db: currentTransactionSql() },
  );
}

/** The queued refresh: the musician's record now, the bands once for every musician changed in the window. */
export async function runNumbersMusicianJob(data: { musicianId: string }, now = new Date()): Promise<void> {
  await q.refreshPublicRecords([data.musicianId]);
  const at = windowEnd(now);
  await scheduleJob(NUMBERS_BANDS_JOB, {}, { singletonKey: `bands@${at.getTime()}`, startAfter: at });
}

export async function runNumbersBandsJob(): Promise<void> {
  await q.refreshPriceBands();
}

/** Everything, nightly (cancellations age out of "the last 12 months" without any row changing). */
export async function refreshAllNumbers(): Promise<{ records: number; bands: number }> {
  const startedAt = await q.dbNow();
  const records = await q.refreshPublicRecords(null);
  const bands = await q.refreshPriceBands();
  await q.writeChangedSince(startedAt);
  return { records, bands };
}

export { VIEW_SOURCES, type ViewSource };

/**
 * "Most Lagos wedding bookings: ₦250k–₦600k" for each event type that has a band, in the musician's
 * state when it has one there (Create Booking's and the profile's price fields).
 */
export async function priceHintsFor(musicianId: string): Promise<Record<string, string>> {
  const bands = bandsByType(await q.priceBandsOfMusicianState(musicianId));
  return Object.fromEntries(
    EVENT_TYPES.flatMap((type) => {
      const band = bands.get(type);
      return band ? [[type, bandHint(band)]] : [];
    }),
  );
}
