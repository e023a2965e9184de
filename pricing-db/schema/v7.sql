-- Schema 7: a build's resale haircut (docs/model.md), the share of a unit's value lost the moment
-- it is sold used. Builds stored before it take the default, 0.2.
ALTER TABLE builds ADD COLUMN resale_haircut REAL NOT NULL DEFAULT 0.2;
