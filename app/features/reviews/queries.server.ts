import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { PAID_PAYMENT_STATUSES } from "~/features/money/money-rules";
import { type Db, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import { reviewReports, reviews, reviewWindows } from "~db/schema/reviews";
import { PRIOR_MEAN, PRIOR_WEIGHT } from "./rating";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Direction = "client_to_musician" | "musician_to_client";

const b = bookingsByMusician;
const p = musicianProfiles;
const r = reviews;
const w = reviewWindows;

const bookingForReviewColumns = {
  id: b.id,
  slug: b.slug,
  musicianId: b.musicianId,
  status: b.status,
  paymentStatus: b.paymentStatus,
  clientUserId: b.clientUserId,
  clientName: b.clientName,
  email: b.email,
  phoneNumber: b.phoneNumber,
  eventType: b.eventType,
  eventTypeOther: b.eventTypeOther,
  eventDate: b.eventDate,
  eventStartTime: b.eventStartTime,
  eventEndTime: b.eventEndTime,
  updatedAt: b.updatedAt,
  musicianUserId: p.userId,
  musicianSlug: p.slug,
  musicianPhone: p.phoneNumber,
  musicianStageName: p.stageName,
  musicianFirstName: p.firstName,
  musicianLastName: p.lastName,
  musicianEmail: user.email,
};

export type BookingForReview = NonNullable<Awaited<ReturnType<typeof findBookingForReview>>>;

/** The booking with what the review rules need about both parties. */
export async function findBookingForReview(by: { slug: string } | { id: string; musicianId?: string }) {
  const where =
    "slug" in by
      ? eq(b.slug, by.slug)
      : and(eq(b.id, by.id), by.musicianId ? eq(b.musicianId, by.musicianId) : undefined);
  const [row] = await db
    .select(bookingForReviewColumns)
    .from(b)
    .innerJoin(p, eq(p.id, b.musicianId))
    .innerJoin(user, eq(user.id, p.userId))
    .where(where)
    .limit(1);
  return row ?? null;
}

export type WindowRow = typeof reviewWindows.$inferSelect;

/** The booking's window, created with the given times the first time anyone asks. */
export async function ensureWindowRow(values: {
  bookingId: string;
  musicianId: string;
  eventEndsAt: Date;
  closesAt: Date;
}): Promise<{ window: WindowRow; created: boolean }> {
  const inserted = await db.insert(w).values(values).onConflictDoNothing().returning();
  if (inserted[0]) return { window: inserted[0], created: true };
  const [row] = await db.select().from(w).where(eq(w.bookingId, values.bookingId));
  return { window: row!, created: false };
}

export async function findWindow(bookingId: string): Promise<WindowRow | null> {
  const [row] = await db.select().from(w).where(eq(w.bookingId, bookingId));
  return row ?? null;
}

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = Omit<
  typeof reviews.$inferInsert,
  "id" | "bookingId" | "musicianId" | "direction" | "createdAt" | "updatedAt" | "publishedAt"
>;

export async function findReview(bookingId: string, direction: Direction): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.bookingId, bookingId), eq(r.direction, direction)));
  return row ?? null;
}

/** Everything done while holding the booking's window row, so two writers cannot both miss the other. */
export interface LockedWindow {
  window: WindowRow;
  existing(direction: Direction): Promise<ReviewRow | null>;
  insert(direction: Direction, values: ReviewValues): Promise<ReviewRow>;
  update(id: string, values: Partial<ReviewValues>, now: Date): Promise<void>;
  count(): Promise<number>;
  /** Publishes every unpublished review of the booking and closes the window. */
  publish(now: Date): Promise<{ directions: Direction[] }>;
  pause(now: Date): Promise<void>;
  resume(closesAt: Date): Promise<void>;
}

export function withLockedWindow<T>(bookingId: string, fn: (locked: LockedWindow) => Promise<T>) {
  return db.transaction(async (tx) => {
    const [window] = await tx.select().from(w).where(eq(w.bookingId, bookingId)).for("update");
    if (!window) return null;
    const locked: LockedWindow = {
      window,
      existing: async (direction) => {
        const [row] = await tx
          .select()
          .from(r)
          .where(and(eq(r.bookingId, bookingId), eq(r.direction, direction)));
        return row ?? null;
      },
      insert: async (direction, values) => {
        const [row] = await tx
          .insert(r)
          .values({ ...values, bookingId, musicianId: window.musicianId, direction })
          .returning();
        return row!;
      },
      update: async (id, values, now) => {
        await tx
          .update(r)
          .set({ ...values, updatedAt: now })
          .where(and(eq(r.id, id), isNull(r.publishedAt)));
      },
      count: async () => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(r)
          .where(eq(r.bookingId, bookingId));
        return row?.n ?? 0;
      },
      publish: async (now) => {
        const published = await tx
          .update(r)
          .set({ publishedAt: now })
          .where(and(eq(r.bookingId, bookingId), isNull(r.publishedAt)))
          .returning({ direction: r.direction });
        await tx.update(w).set({ publishedAt: now, pausedAt: null }).where(eq(w.bookingId, bookingId));
        await refreshMusicianRating(tx, window.musicianId);
        return { directions: published.map((x) => x.direction as Direction) };
      },
      pause: async (now) => {
        await tx.update(w).set({ pausedAt: now }).where(eq(w.bookingId, bookingId));
      },
      resume: async (closesAt) => {
        await tx.update(w).set({ pausedAt: null, closesAt }).where(eq(w.bookingId, bookingId));
      },
    };
    return fn(locked);
  });
}

/**
 * Recomputes the musician's published, visible client reviews into musician_profiles (what /market
 * reads and sorts on). Same prior as rating.ts bayesianScore.
 */
async function refreshMusicianRating(tx: Tx | Db, musicianId: string) {
  await tx.execute(sql`
    UPDATE musician_profiles SET
      rating_count = s.n,
      rating_average = s.avg,
      rating_score = CASE WHEN s.n = 0 THEN 0
        ELSE (${PRIOR_MEAN}::float8 * ${PRIOR_WEIGHT} + s.total) / (${PRIOR_WEIGHT} + s.n) END
    FROM (
      SELECT count(*)::int AS n, avg(overall)::float8 AS avg, coalesce(sum(overall), 0)::float8 AS total
      FROM reviews
      WHERE musician_id = ${musicianId} AND direction = 'client_to_musician'
        AND published_at IS NOT NULL AND hidden_at IS NULL
    ) s
    WHERE musician_profiles.id = ${musicianId}`);
}

export async function findRatingSummary(musicianId: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${r.overall})::float8`,
      satisfaction: sql<number | null>`avg(${r.satisfaction})::float8`,
      professionalism: sql<number | null>`avg(${r.professionalism})::float8`,
      communication: sql<number | null>`avg(${r.communication})::float8`,
      punctuality: sql<number | null>`avg(${r.punctuality})::float8`,
    })
    .from(r)
    .where(publishedClientReviewsOf(musicianId));
  return row!;
}

function publishedClientReviewsOf(musicianId: string) {
  return and(
    eq(r.musicianId, musicianId),
    eq(r.direction, "client_to_musician"),
    isNotNull(r.publishedAt),
    isNull(r.hiddenAt),
  );
}

const listedReviewColumns = {
  id: r.id,
  direction: r.direction,
  overall: r.overall,
  satisfaction: r.satisfaction,
  professionalism: r.professionalism,
  communication: r.communication,
  punctuality: r.punctuality,
  paidOnTime: r.paidOnTime,
  treatedWell: r.treatedWell,
  body: r.body,
  photos: r.photos,
  publishedAt: r.publishedAt,
  hiddenAt: r.hiddenAt,
  replyBody: r.replyBody,
  replyCreatedAt: r.replyCreatedAt,
  createdAt: r.createdAt,
  clientName: b.clientName,
  bookingId: b.id,
  eventType: b.eventType,
  eventTypeOther: b.eventTypeOther,
  eventDate: b.eventDate,
};

export type ListedReview = Awaited<ReturnType<typeof listPublishedReviews>>[number];

/** Newest first; one row more than asked when there is a next page. */
export function listPublishedReviews(musicianId: string, limit: number, offset: number) {
  return db
    .select(listedReviewColumns)
    .from(r)
    .innerJoin(b, eq(b.id, r.bookingId))
    .where(publishedClientReviewsOf(musicianId))
    .orderBy(desc(r.publishedAt), desc(r.id))
    .limit(limit + 1)
    .offset(offset);
}

/** Every review on the musician's bookings, both directions, for their own page. */
export function listAllReviewsForMusician(musicianId: string) {
  return db
    .select(listedReviewColumns)
    .from(r)
    .innerJoin(b, eq(b.id, r.bookingId))
    .where(eq(r.musicianId, musicianId))
    .orderBy(desc(r.createdAt))
    .limit(200);
}

/** Completed bookings whose window is still open and which the musician has not reviewed. */
export async function listBookingsAwaitingMusician(musicianId: string, now: Date) {
  return db
    .select({
      bookingId: b.id,
      slug: b.slug,
      clientName: b.clientName,
      email: b.email,
      phoneNumber: b.phoneNumber,
      eventType: b.eventType,
      eventTypeOther: b.eventTypeOther,
      eventDate: b.eventDate,
      closesAt: w.closesAt,
      pausedAt: w.pausedAt,
    })
    .from(w)
    .innerJoin(b, eq(b.id, w.bookingId))
    .where(
      and(
        eq(w.musicianId, musicianId),
        isNull(w.publishedAt),
        sql`(${w.closesAt} > ${now} OR ${w.pausedAt} IS NOT NULL)`,
        eq(b.status, "completed"),
        // "Paid through the platform" (GigSalad's verified rule) is the money module's isPaidPhase.
        inArray(b.paymentStatus, PAID_PAYMENT_STATUSES),
        sql`NOT EXISTS (SELECT 1 FROM reviews x WHERE x.booking_id = ${b.id} AND x.direction = 'musician_to_client')`,
      ),
    )
    .orderBy(w.closesAt);
}

/** Completed bookings of the musician that have no window yet (completed before reviews existed). */
export function listCompletedWithoutWindow(musicianId: string) {
  return db
    .select({ id: b.id })
    .from(b)
    .where(
      and(
        eq(b.musicianId, musicianId),
        eq(b.status, "completed"),
        sql`NOT EXISTS (SELECT 1 FROM review_windows x WHERE x.booking_id = ${b.id})`,
      ),
    )
    .limit(100);
}

export async function findOwnReviewForReply(reviewId: string, musicianId: string) {
  const [row] = await db
    .select({
      id: r.id,
      publishedAt: r.publishedAt,
      hiddenAt: r.hiddenAt,
      direction: r.direction,
      replyCreatedAt: r.replyCreatedAt,
    })
    .from(r)
    .where(and(eq(r.id, reviewId), eq(r.musicianId, musicianId)));
  return row ?? null;
}

/** Sets the reply; the WHERE repeats the 48-hour rule so a slow request cannot slip past it. */
export async function saveReply(
  reviewId: string,
  musicianId: string,
  body: string,
  now: Date,
  editUntil: Date,
) {
  const res = await db
    .update(r)
    .set({
      replyBody: body,
      replyCreatedAt: sql`coalesce(${r.replyCreatedAt}, ${now})`,
      replyUpdatedAt: now,
    })
    .where(
      and(
        eq(r.id, reviewId),
        eq(r.musicianId, musicianId),
        eq(r.direction, "client_to_musician"),
        isNotNull(r.publishedAt),
        sql`(${r.replyCreatedAt} IS NULL OR ${r.replyCreatedAt} > ${editUntil})`,
      ),
    )
    .returning({ id: r.id });
  return res.length > 0;
}

export async function findPublishedReview(reviewId: string) {
  const [row] = await db
    .select({ id: r.id, musicianId: r.musicianId })
    .from(r)
    .where(and(eq(r.id, reviewId), isNotNull(r.publishedAt), isNull(r.hiddenAt)));
  return row ?? null;
}

export async function insertReport(reviewId: string, reason: string, reporterUserId: string | null) {
  await db.insert(reviewReports).values({ reviewId, reason, reporterUserId });
}

export function listOpenReports(limit: number) {
  return db
    .select({
      id: reviewReports.id,
      reason: reviewReports.reason,
      createdAt: reviewReports.createdAt,
      reviewId: r.id,
      body: r.body,
      overall: r.overall,
      direction: r.direction,
      hiddenAt: r.hiddenAt,
      musicianName: sql<string>`coalesce(nullif(btrim(${p.stageName}), ''), btrim(concat_ws(' ', ${p.firstName}, ${p.lastName})))`,
      musicianSlug: p.slug,
    })
    .from(reviewReports)
    .innerJoin(r, eq(r.id, reviewReports.reviewId))
    .innerJoin(p, eq(p.id, r.musicianId))
    .where(eq(reviewReports.status, "open"))
    .orderBy(reviewReports.createdAt)
    .limit(limit);
}

export async function countOpenReports(): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(eq(reviewReports.status, "open"));
  return row?.n ?? 0;
}

/**
 * Settles an open report. Hiding also hides the review, settles every other open report on it with
 * the same note, and refreshes the musician's rating.
 */
export async function settleReport(
  reportId: string,
  decision: "hide" | "dismiss",
  note: string,
  adminUserId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ reviewId: reviewReports.reviewId })
      .from(reviewReports)
      .where(and(eq(reviewReports.id, reportId), eq(reviewReports.status, "open")))
      .for("update");
    if (!report) return false;
    const settled = { adminNote: note, resolvedBy: adminUserId, resolvedAt: now };
    if (decision === "dismiss") {
      await tx
        .update(reviewReports)
        .set({ ...settled, status: "dismissed" })
        .where(eq(reviewReports.id, reportId));
      return true;
    }
    const [hidden] = await tx
      .update(r)
      .set({ hiddenAt: now, hiddenNote: note })
      .where(eq(r.id, report.reviewId))
      .returning({ musicianId: r.musicianId });
    await tx
      .update(reviewReports)
      .set({ ...settled, status: "hidden" })
      .where(and(eq(reviewReports.reviewId, report.reviewId), eq(reviewReports.status, "open")));
    if (hidden) await refreshMusicianRating(tx, hidden.musicianId);
    return true;
  });
}

/** Published, visible reviews musicians wrote about this organiser account. */
export async function findOrganiserRating(organiserUserId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<number | null>`avg(${r.overall})::float8` })
    .from(r)
    .where(
      and(
        eq(r.organiserUserId, organiserUserId),
        eq(r.direction, "musician_to_client"),
        isNotNull(r.publishedAt),
        isNull(r.hiddenAt),
      ),
    );
  return row!;
}

export async function findMusicianRatingColumns(musicianId: string) {
  const [row] = await db
    .select({ count: p.ratingCount, average: p.ratingAverage })
    .from(p)
    .where(eq(p.id, musicianId));
  return row ?? null;
}

export function refreshRating(musicianId: string) {
  return refreshMusicianRating(db, musicianId);
}

/** Completed bookings of the organiser account, with any musician. */
export async function countCompletedBookingsOf(organiserUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(b)
    .where(and(eq(b.clientUserId, organiserUserId), eq(b.status, "completed")));
  return row?.n ?? 0;
}

/** The organiser account behind each of the musician's requests or bookings (only those with one). */
export async function organiserAccountsOf(
  musicianId: string,
  ids: { requestIds?: string[]; bookingIds?: string[] },
): Promise<{ id: string; organiserUserId: string }[]> {
  const rows: { id: string; organiserUserId: string | null }[] = [];
  if (ids.requestIds?.length) {
    const q = bookingRequests;
    rows.push(
      ...(await db
        .select({ id: q.id, organiserUserId: q.clientUserId })
        .from(q)
        .where(and(eq(q.musicianId, musicianId), inArray(q.id, ids.requestIds), isNotNull(q.clientUserId)))),
    );
  }
  if (ids.bookingIds?.length) {
    rows.push(
      ...(await db
        .select({ id: b.id, organiserUserId: b.clientUserId })
        .from(b)
        .where(and(eq(b.musicianId, musicianId), inArray(b.id, ids.bookingIds), isNotNull(b.clientUserId)))),
    );
  }
  return rows.filter((x): x is { id: string; organiserUserId: string } => x.organiserUserId !== null);
}

/** Published, visible musician reviews and completed bookings of each organiser account, in two queries. */
export async function organiserStats(organiserUserIds: string[]) {
  if (organiserUserIds.length === 0) return { ratings: [], completed: [] };
  const [ratings, completed] = await Promise.all([
    db
      .select({
        organiserUserId: r.organiserUserId,
        // Musicians, not reviews: "from 3 musicians".
        count: sql<number>`count(distinct ${r.musicianId})::int`,
        average: sql<number | null>`avg(${r.overall})::float8`,
      })
      .from(r)
      .where(
        and(
          inArray(r.organiserUserId, organiserUserIds),
          eq(r.direction, "musician_to_client"),
          isNotNull(r.publishedAt),
          isNull(r.hiddenAt),
        ),
      )
      .groupBy(r.organiserUserId),
    db
      .select({ organiserUserId: b.clientUserId, count: sql<number>`count(*)::int` })
      .from(b)
      .where(and(inArray(b.clientUserId, organiserUserIds), eq(b.status, "completed")))
      .groupBy(b.clientUserId),
  ]);
  return { ratings, completed };
}

export async function markWindowJobsQueued(bookingId: string, now: Date): Promise<void> {
  await db.update(w).set({ jobsQueuedAt: now }).where(eq(w.bookingId, bookingId));
}

/** Unpublished windows whose jobs were never queued (the process stopped between the two). */
export function listWindowsMissingJobs(limit: number) {
  return db
    .select({ bookingId: w.bookingId, eventEndsAt: w.eventEndsAt, closesAt: w.closesAt })
    .from(w)
    .where(and(isNull(w.jobsQueuedAt), isNull(w.publishedAt)))
    .orderBy(w.createdAt)
    .limit(limit);
}

/** Of these bookings, those whose musician's review of the organiser is published. */
export async function bookingsWithPublishedOrganiserReview(bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ bookingId: reviews.bookingId })
    .from(reviews)
    .where(
      and(
        inArray(reviews.bookingId, bookingIds),
        eq(reviews.direction, "musician_to_client"),
        isNotNull(reviews.publishedAt),
      ),
    );
  return new Set(rows.map((r) => r.bookingId));
}
