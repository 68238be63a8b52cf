-- Two booked visits never overlap in time, whatever the windows were when each was booked (the
-- owner may change the visit length or the weekly hours between bookings). The database refuses
-- the second of two bookings that race for overlapping times, on every server process.
ALTER TABLE "visits" ADD CONSTRAINT "visits_never_overlap"
  EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 'booked');
