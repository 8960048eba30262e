import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { bookingsByMusician } from "./bookings";

export const paymentStatuses = ["initialized", "success", "failed"] as const;

/**
 * One checkout attempt for a booking: our unique reference, and the amounts computed on the server
 * when it was started (the fee rates are kept, so a later change of configuration does not change
 * what this booking's release pays out).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "restrict" }),
    reference: text("reference").notNull(),
    email: text("email").notNull(),
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    serviceFeeKobo: bigint("service_fee_kobo", { mode: "number" }).notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    serviceFeeBp: integer("service_fee_bp").notNull(),
    commissionBp: integer("commission_bp").notNull(),
    /** The musician's cancellation policy when the checkout started: every later refund follows it. */
    cancellationPolicy: text("cancellation_policy").notNull(),
    currency: text("currency").notNull().default("NGN"),
    status: text("status").notNull().default("initialized"),
    provider: text("provider").notNull(),
    /** Paystack's `domain` for the charge (test / live; null: not known yet). Test-mode money is never real (M1). */
    mode: text("mode"),
    /** The signed-in account that started this checkout: once it succeeds, that account is the payer (ADR 0013). */
    payerUserId: text("payer_user_id").references(() => user.id, { onDelete: "set null" }),
    providerData: jsonb("provider_data").$type<Record<string, unknown>>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_reference_key").on(t.reference),
    index("payments_booking_id_idx").on(t.bookingId, t.createdAt),
    // A booking is paid once: at most one successful payment.
    index("payments_payer_user_id_idx").on(t.payerUserId),
    uniqueIndex("payments_one_success_per_booking").on(t.bookingId).where(sql`${t.status} = 'success'`),
    check("payments_mode_check", sql`${t.mode} IS NULL OR ${t.mode} IN ('test', 'live')`),
    check("payments_status_check", sql`${t.status} IN ('initialized', 'success', 'failed')`),
    check(
      "payments_cancellation_policy_check",
      sql`${t.cancellationPolicy} IN ('flexible', 'moderate', 'strict')`,
    ),
    check(
      "payments_amounts_check",
      sql`${t.priceKobo} > 0 AND ${t.serviceFeeKobo} >= 0 AND ${t.amountKobo} = ${t.priceKobo} + ${t.serviceFeeKobo}`,
    ),
  ],
);

/**
 * Money the provider reported that we did not credit: a wrong amount or currency, an unknown reference,
 * a second payment for a booking already paid. Kept for the admin to settle by hand.
 */
export const paymentAnomalies = pgTable(
  "payment_anomalies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    expectedKobo: bigint("expected_kobo", { mode: "number" }),
    receivedKobo: bigint("received_kobo", { mode: "number" }),
    currency: text("currency"),
    detail: text("detail").notNull(),
    payload: jsonb("payload"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per reference and kind: a webhook retried for 72 h is recorded once.
    uniqueIndex("payment_anomalies_reference_kind_key").on(t.reference, t.kind),
    index("payment_anomalies_created_at_idx").on(t.createdAt),
    index("payment_anomalies_booking_id_idx").on(t.bookingId),
    check(
      "payment_anomalies_kind_check",
      sql`${t.kind} IN ('amount_mismatch', 'currency_mismatch', 'unknown_reference', 'already_paid')`,
    ),
  ],
);

export const payerCredentialKinds = ["device", "link"] as const;

/**
 * Proof of being a booking's payer without an account (ADR 0013): a secret bound to one payment, kept
 * only as its SHA-256 hash. 'device': the HttpOnly cookie set when the payer pressed Pay (one browser's
 * secret may be bound to several attempts of the same booking); 'link': a one-time link e-mailed to the
 * payment's address, exchanged for a new device secret on another browser.
 */
export const payerCredentials = pgTable(
  "payer_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payer_credentials_token_payment_key").on(t.tokenHash, t.paymentId),
    index("payer_credentials_booking_id_idx").on(t.bookingId),
    index("payer_credentials_payment_id_idx").on(t.paymentId),
    check("payer_credentials_kind_check", sql`${t.kind} IN ('device', 'link')`),
    check("payer_credentials_link_expires_check", sql`${t.kind} = 'device' OR ${t.expiresAt} IS NOT NULL`),
  ],
);
