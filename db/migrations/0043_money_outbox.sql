-- 0043_money_outbox (issue 35, ADR 0026 addendum): the money changes that are not booking transitions (a
-- client's dispute filed on a paid booking, a refund Paystack settled, a payout Paystack settled, an unpaid
-- booking cancelled) write their money event in their own transaction too, so their notices and texts are
-- consumed from the outbox like the transitions' are.
ALTER TABLE "money_events" DROP CONSTRAINT "money_events_kind_check";--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_kind_check" CHECK ("kind" IN ('credit', 'release', 'refund', 'clientCancelSplit', 'adminSplit', 'chargebackLost', 'chargebackWon', 'duplicateRefund', 'disputeFiled', 'refundSettled', 'payoutSettled', 'cancelledUnpaid'));
