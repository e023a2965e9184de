-- Schema 14: a scenario's discounting convention (docs/model.md, "Discounting"): 'monthly', each
-- month by (1 + r)^(-m/12), or 'yearly', each year's months summed and divided by (1 + r)^y.
-- Scenarios stored before it are discounted month by month, as they were.
ALTER TABLE scenarios ADD COLUMN discounting TEXT NOT NULL DEFAULT 'monthly'
    CHECK (discounting IN ('monthly', 'yearly'));
