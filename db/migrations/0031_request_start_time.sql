-- Phone walk 2: an organiser's request can say when the music should start (optional, Lagos time).
ALTER TABLE "booking_requests" ADD COLUMN "event_start_time" time;
