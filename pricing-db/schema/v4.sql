-- Schema 4: an imported offer takes its source and as-of date from its sheet.
-- Every offer of a sheet has the same source ("SkyPilot catalog vms.csv") and, unless the sheet
-- has a date column, the same date; written into each offer they were a third of its row. A
-- sheet now records its source, and an offer whose source or as_of is '' reads the one of the
-- sheet it links to (rows::kOfferReadColumns). Offers written before keep their own texts,
-- which read as before.
ALTER TABLE sheets ADD COLUMN source TEXT NOT NULL DEFAULT '';
