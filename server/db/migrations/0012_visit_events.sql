-- The owner books, moves and cancels a homeowner's visit from the request's page: the history
-- says when the visit he booked is (kind 'visit-booked' / 'visit-moved').
ALTER TABLE "quote_request_events" ADD COLUMN "visit_at" timestamp with time zone;
