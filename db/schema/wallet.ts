import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";
import { musicianProfiles } from "./profiles";

/**
 * State of the built-in test provider (used when PAYSTACK_SECRET_KEY is unset). It lives in PostgreSQL,
 * not in memory, because the server may run several worker processes.
 */
export const paystackTestRecords = pgTable(
  "paystack_test_records",
  {
    kind: text("kind").notNull(),
    reference: text("reference").notNull(),
    status: text("status").notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.reference] }),
    check(
      "paystack_test_records_kind_check",
      sql`${t.kind} IN ('transaction', 'recipient', 'transfer', 'refund')`,
    ),
  ],
);

export const cancellationPolicies = ["flexible", "moderate", "strict"] as const;

export const musicianPaymentSettings = pgTable(
  "musician_payment_settings",
  {
    musicianId: uuid("musician_id")
      .primaryKey()
      .references(() => musicianProfiles.id, { onDelete: "cascade" }),
    cancellationPolicy: text("cancellation_policy").notNull().default("flexible"),
    /** When the musician chose a policy themselves (null: still the default), for the setup checklist. */
    policyChosenAt: timestamp("policy_chosen_at", { withTimezone: true }),
    bankCode: text("bank_code"),
    bankName: text("bank_name"),
    accountNumber: text("account_number"),
    accountName: text("account_name"),
    recipientCode: text("recipient_code"),
    /** A changed payout account receives no payout before this (ADR 0017); null when not held. */
    bankAccountHoldUntil: timestamp("bank_account_hold_until", { withTimezone: true }),
    /** Released money goes to the bank on its own (issue 29); acts once a payout account is verified. */
    autoPayout: boolean("auto_payout").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "musician_payment_settings_policy_check",
      sql`${t.cancellationPolicy} IN ('flexible', 'moderate', 'strict')`,
    ),
    check(
      "musician_payment_settings_account_number_check",
      sql`${t.accountNumber} IS NULL OR ${t.accountNumber} ~ '^[0-9]{10}$'`,
    ),
  ],
);

/** waiting: an automatic payout a hold keeps back, its money still in Available (issue 29). */
export const payoutStatuses = ["waiting", "pending", "paid", "failed", "reversed", "dropped"] as const;

export const musicianPayouts = pgTable(
  "musician_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    musicianId: uuid("musician_id")
      .notNull()
      .references(() => musicianProfiles.id, { onDelete: "restrict" }),
    reference: text("reference").notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    status: text("status").notNull().default("pending"),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    recipientCode: text("recipient_code").notNull(),
    note: text("note"),
    /** The release this automatic payout pays (null: a withdrawal). One payout per release and musician. */
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "restrict" }),
    /** Who made the transfer: "paystack", or "test" (the built-in test provider: no real money). */
    provider: text("provider").notNull().default("paystack"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("musician_payouts_provider_check", sql`${t.provider} IN ('paystack', 'test')`),
    uniqueIndex("musician_payouts_reference_key").on(t.reference),
    // One live payout per release and musician: the leader's and each line-up member's (ADR 0033).
    uniqueIndex("musician_payouts_booking_key")
      .on(t.bookingId, t.musicianId)
      .where(sql`${t.bookingId} IS NOT NULL AND ${t.status} IN ('waiting', 'pending', 'paid')`),
    index("musician_payouts_waiting_idx").on(t.updatedAt).where(sql`${t.status} = 'waiting'`),
    index("musician_payouts_musician_created_idx").on(t.musicianId, t.createdAt.desc()),
    check("musician_payouts_amount_check", sql`${t.amountKobo} > 0`),
    check(
      "musician_payouts_status_check",
      sql`${t.status} IN ('waiting', 'pending', 'paid', 'failed', 'reversed', 'dropped')`,
    ),
  ],
);

export const refundStatuses = ["pending", "processed", "failed", "needs_attention"] as const;
export const refundReasons = ["musician_cancelled", "client_cancelled", "dispute"] as const;

export const bookingRefunds = pgTable(
  "booking_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookingsByMusician.id, { onDelete: "restrict" }),
    /** The charge reference being refunded (Paystack refunds by transaction reference). */
    transactionReference: text("transaction_reference").notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Set while one process asks the provider for this refund (a lease: it expires if that process died). */
    sendingSince: timestamp("sending_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One refund per booking: a booking is refunded once (in full or in part), never twice. A second
    // successful charge for the booking is refunded on its own, once per charge.
    uniqueIndex("booking_refunds_booking_key").on(t.bookingId).where(sql`${t.reason} <> 'duplicate_charge'`),
    uniqueIndex("booking_refunds_duplicate_charge_key")
      .on(t.transactionReference)
      .where(sql`${t.reason} = 'duplicate_charge'`),
    index("booking_refunds_status_idx").on(t.status),
    index("booking_refunds_transaction_reference_idx").on(t.transactionReference),
    check("booking_refunds_amount_check", sql`${t.amountKobo} > 0`),
    check(
      "booking_refunds_status_check",
      sql`${t.status} IN ('pending', 'processed', 'failed', 'needs_attention')`,
    ),
    check(
      "booking_refunds_reason_check",
      sql`${t.reason} IN ('musician_cancelled', 'client_cancelled', 'dispute', 'duplicate_charge', 'paid_after_cancel')`,
    ),
  ],
);

/** Card disputes (chargebacks) Paystack reports with charge.dispute.create, kept for the admin. */
export const paystackChargeDisputes = pgTable(
  "paystack_charge_disputes",
  {
    providerDisputeId: text("provider_dispute_id").primaryKey(),
    transactionReference: text("transaction_reference").notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }),
    category: text("category"),
    status: text("status"),
    /** Paystack's outcome: merchant-accepted / auto-accepted (the cardholder won) or declined. */
    resolution: text("resolution"),
    /** An admin's record of the outcome when Paystack's resolution cannot be read (review N5). */
    adminOutcome: text("admin_outcome"),
    note: text("note"),
    /** A lost dispute that found nothing left on the charge to take back: settled without a posting (M5). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("paystack_charge_disputes_reference_idx").on(t.transactionReference)],
);

/**
 * Money a person must look at: a transfer paid after we had marked it failed when the wallet no longer
 * holds the money to take back, a transfer waiting for an OTP, a payout refused because test-mode
 * charges funded it. One row per reference and kind.
 */
export const moneyAlerts = pgTable(
  "money_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    reference: text("reference").notNull(),
    musicianId: uuid("musician_id"),
    amountKobo: bigint("amount_kobo", { mode: "number" }),
    detail: text("detail").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("money_alerts_reference_kind_key").on(t.reference, t.kind),
    index("money_alerts_created_at_idx").on(t.createdAt),
    check("money_alerts_kind_check", sql`${t.kind} ~ '^[a-z_]+$'`),
  ],
);
