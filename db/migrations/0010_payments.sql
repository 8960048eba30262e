CREATE TABLE "payment_anomalies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"expected_kobo" bigint,
	"received_kobo" bigint,
	"currency" text,
	"detail" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_anomalies_kind_check" CHECK ("payment_anomalies"."kind" IN ('amount_mismatch', 'currency_mismatch', 'unknown_reference', 'already_paid'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"email" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"service_fee_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"service_fee_bp" integer NOT NULL,
	"commission_bp" integer NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"provider" text NOT NULL,
	"provider_data" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('initialized', 'success', 'failed')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."price_kobo" > 0 AND "payments"."service_fee_kobo" >= 0 AND "payments"."amount_kobo" = "payments"."price_kobo" + "payments"."service_fee_kobo")
);
--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_disputes" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_disputes" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD CONSTRAINT "payment_anomalies_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_anomalies_reference_kind_key" ON "payment_anomalies" USING btree ("reference","kind");--> statement-breakpoint
CREATE INDEX "payment_anomalies_created_at_idx" ON "payment_anomalies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_anomalies_booking_id_idx" ON "payment_anomalies" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_booking_id_idx" ON "payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" = 'success';--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_payment_status_check" CHECK ("bookings_by_musician"."payment_status" IN ('unpaid', 'paid', 'released', 'refunded', 'partially_refunded'));