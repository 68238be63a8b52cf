-- The optional lines the homeowner ticked on her estimate's page, kept against the version until
-- she answers, so that a reload, another device or the form without scripts shows them again.
ALTER TABLE "estimates" ADD COLUMN "chosen_options" jsonb;
