-- 0043_money_outbox (issue 35, ADR 0026 addendum): the money changes that are not booking transitions (a
-- client's dispute filed on a paid booking, a refund Paystack settled, a payout Paystack settled, an unpaid
-- booking cancelled) write their money event in their own transaction too, so their notices and texts are
-- consumed from the outbox like the transitions' are.
ALTER TABLE "money_events" DROP CONSTRAINT "money_events_kind_check";--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_kind_check" CHECK ("kind" IN ('credit', 'release', 'refund', 'clientCancelSplit', 'adminSplit', 'chargebackLost', 'chargebackWon', 'duplicateRefund', 'disputeFiled', 'refundSettled', 'payoutSettled', 'cancelledUnpaid'));
--> statement-breakpoint
-- Two follow-ups moved into the outbox (issue 35 §2): the mail to a payer whose payment arrived after the
-- booking was cancelled, and a dispute's pause of the review window. Events written before them were told
-- and paused by their callers already: marked consumed for both, so the sweep does not act on them again.
INSERT INTO "money_event_consumptions" ("event_id", "consumer", "result")
SELECT e."id", c."consumer", '{"before": true}'::jsonb
FROM "money_events" e
CROSS JOIN (VALUES ('paid-after-cancel-mail'), ('review-window-pause')) AS c("consumer")
ON CONFLICT ("event_id", "consumer") DO NOTHING;
--> statement-breakpoint
-- A provider refund Paystack reports failed or needing attention is money news too (the payer is told their
-- money is being looked into): the event kind refundDelayed and its notice kind refund_delayed.
ALTER TABLE "money_events" DROP CONSTRAINT IF EXISTS "money_events_kind_check";--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_kind_check" CHECK ("kind" IN ('credit', 'release', 'refund', 'clientCancelSplit', 'adminSplit', 'chargebackLost', 'chargebackWon', 'duplicateRefund', 'disputeFiled', 'refundSettled', 'payoutSettled', 'cancelledUnpaid', 'refundDelayed'));--> statement-breakpoint
ALTER TABLE "money_notifications" DROP CONSTRAINT IF EXISTS "money_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "money_notifications" ADD CONSTRAINT "money_notifications_kind_check" CHECK ("kind" IN ('paid', 'released', 'cancelled', 'refunded', 'disputed', 'dispute_resolved', 'payout_sent', 'payout_failed', 'line_up_fee', 'refund_delayed'));
