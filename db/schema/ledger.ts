import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookingsByMusician } from "./bookings";

// Double-entry ledger. Entries are signed kobo: a positive amount is a debit (money held in / owed by
// the account grows), a negative one a credit; every transaction's entries sum to zero. The balancing
// and append-only rules are enforced by triggers in the migration, not only by code.
export const ledgerAccountKinds = [
  "clearing",
  "escrow",
  "musician_payable",
  "payouts_in_transit",
  "refunds_pending",
  "revenue",
  "receivable",
] as const;

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_code_key").on(t.code),
    check(
      "ledger_accounts_kind_check",
      sql`${t.kind} IN ('clearing', 'escrow', 'musician_payable', 'payouts_in_transit', 'refunds_pending', 'revenue', 'receivable')`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    bookingId: uuid("booking_id").references(() => bookingsByMusician.id, { onDelete: "restrict" }),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_transactions_idempotency_key_key").on(t.idempotencyKey),
    index("ledger_transactions_booking_id_idx").on(t.bookingId),
    index("ledger_transactions_created_at_idx").on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
  },
  (t) => [
    index("ledger_entries_transaction_id_idx").on(t.transactionId),
    index("ledger_entries_account_id_idx").on(t.accountId),
    check("ledger_entries_amount_check", sql`${t.amountKobo} <> 0`),
  ],
);
