-- Issue 35 §2 (ADR 0026): each money transition writes its money event in its own transaction (the outbox),
-- and every follow-up (notices and texts, the automatic payout, the review window, the receipt) consumes it
-- once: a consumer's row commits with what it did, so a crash between the money's commit and its follow-ups
-- loses nothing and a retry repeats nothing.
CREATE TABLE "money_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "event_key" text NOT NULL,
  "kind" text NOT NULL,
  "booking_id" uuid REFERENCES "bookings_by_musician"("id") ON DELETE CASCADE,
  "musician_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE CASCADE,
  "data" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "money_events_kind_check" CHECK ("kind" IN ('credit', 'release', 'refund', 'clientCancelSplit', 'adminSplit', 'chargebackLost', 'chargebackWon', 'duplicateRefund'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "money_events_event_key_key" ON "money_events" ("event_key");--> statement-breakpoint
CREATE INDEX "money_events_booking_id_idx" ON "money_events" ("booking_id", "created_at");--> statement-breakpoint
CREATE INDEX "money_events_musician_id_idx" ON "money_events" ("musician_id");--> statement-breakpoint
CREATE TABLE "money_event_consumptions" (
  "event_id" uuid NOT NULL REFERENCES "money_events"("id") ON DELETE CASCADE,
  "consumer" text NOT NULL,
  "result" jsonb,
  "consumed_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("event_id", "consumer")
);--> statement-breakpoint
-- Short links for texts (issue 35: a 100-character link cut the musician's name out of an SMS).
CREATE TABLE "short_links" (
  "code" text PRIMARY KEY NOT NULL,
  "target" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "short_links_target_check" CHECK ("target" LIKE '/%' AND "target" NOT LIKE '//%')
);--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_target_key" ON "short_links" ("target");
