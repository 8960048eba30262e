CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reporter_user_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"admin_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_status_check" CHECK ("review_reports"."status" IN ('open', 'hidden', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "review_windows" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"musician_id" uuid NOT NULL,
	"event_ends_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"musician_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"organiser_user_id" text,
	"overall" smallint NOT NULL,
	"satisfaction" smallint,
	"professionalism" smallint,
	"communication" smallint,
	"punctuality" smallint,
	"paid_on_time" boolean,
	"treated_well" boolean,
	"body" text NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_note" text,
	"reply_body" text,
	"reply_created_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_direction_check" CHECK ("reviews"."direction" IN ('client_to_musician', 'musician_to_client')),
	CONSTRAINT "reviews_overall_check" CHECK ("reviews"."overall" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_criteria_check" CHECK (CASE WHEN "reviews"."direction" = 'client_to_musician'
        THEN "reviews"."satisfaction" BETWEEN 1 AND 5 AND "reviews"."professionalism" BETWEEN 1 AND 5
          AND "reviews"."communication" BETWEEN 1 AND 5 AND "reviews"."punctuality" BETWEEN 1 AND 5
        ELSE "reviews"."paid_on_time" IS NOT NULL AND "reviews"."treated_well" IS NOT NULL END),
	CONSTRAINT "reviews_body_length_check" CHECK (char_length("reviews"."body") BETWEEN 20 AND 2000),
	CONSTRAINT "reviews_photos_check" CHECK (cardinality("reviews"."photos") <= 4)
);
--> statement-breakpoint
ALTER TABLE "musician_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "musician_profiles" ADD COLUMN "rating_average" double precision;--> statement-breakpoint
ALTER TABLE "musician_profiles" ADD COLUMN "rating_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_review_windows_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."review_windows"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organiser_user_id_user_id_fk" FOREIGN KEY ("organiser_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_status_created_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "review_reports_review_idx" ON "review_reports" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("reporter_user_id");--> statement-breakpoint
CREATE INDEX "review_reports_resolved_by_idx" ON "review_reports" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "review_windows_musician_idx" ON "review_windows" USING btree ("musician_id");--> statement-breakpoint
CREATE INDEX "review_windows_open_closes_idx" ON "review_windows" USING btree ("closes_at") WHERE "review_windows"."published_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_direction_key" ON "reviews" USING btree ("booking_id","direction");--> statement-breakpoint
CREATE INDEX "reviews_musician_created_idx" ON "reviews" USING btree ("musician_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_musician_published_idx" ON "reviews" USING btree ("musician_id","published_at" DESC NULLS LAST) WHERE "reviews"."direction" = 'client_to_musician' AND "reviews"."published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_organiser_idx" ON "reviews" USING btree ("organiser_user_id");--> statement-breakpoint
CREATE INDEX "musician_profiles_rating_idx" ON "musician_profiles" USING btree ("rating_score" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "musician_profiles"."website_active";