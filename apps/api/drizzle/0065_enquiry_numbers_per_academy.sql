-- Enquiry numbers per academy (issue 55): the family's reference (ENQ-0042) was an identity shared by every
-- academy of a hosted deployment, so a new academy's first enquiry could be ENQ-0743. Now each academy counts
-- its own: the next after its highest, under a transaction lock per academy, so two families applying at the
-- same moment wait for each other and a rolled-back enquiry gives its number back. The default runs where
-- row-level security already holds the row to current_academy_id(). In READ COMMITTED (every insert of an
-- enquiry) each statement of this volatile function sees what committed before the lock was granted.
-- Rows written with their number (a restore, an academy's import) need nothing: the next is after the highest.
CREATE FUNCTION next_enquiry_number() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('admission_enquiries.number:' || current_academy_id()::text, 0));
  RETURN (SELECT coalesce(max(number), 0) + 1 FROM admission_enquiries WHERE academy_id = current_academy_id());
END
$$;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ALTER COLUMN "number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ALTER COLUMN "number" SET DEFAULT next_enquiry_number();
