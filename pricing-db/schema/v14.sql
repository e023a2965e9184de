-- Schema 14: a scenario's discounting convention, and what a big cluster adds.
--
-- The discounting convention (docs/model.md, "Discounting"): 'monthly', each
-- month by (1 + r)^(-m/12), or 'yearly', each year's months summed and divided by (1 + r)^y.
-- Scenarios stored before it are discounted month by month, as they were.
ALTER TABLE scenarios ADD COLUMN discounting TEXT NOT NULL DEFAULT 'monthly'
    CHECK (discounting IN ('monthly', 'yearly'));

-- What a big cluster adds (docs/model.md): colocation priced per kW of a unit's load power, hot
-- spares as a share of the units that carry work, and goodput (the share of paid GPU time doing
-- useful work) of a build and of a cloud option. Parts stored before it take the neutral values.
ALTER TABLE builds ADD COLUMN colocation_per_kw_month REAL NOT NULL DEFAULT 0;
ALTER TABLE builds ADD COLUMN spare_share REAL NOT NULL DEFAULT 0;
ALTER TABLE builds ADD COLUMN goodput REAL NOT NULL DEFAULT 1;
ALTER TABLE cloud_options ADD COLUMN goodput REAL NOT NULL DEFAULT 1;
