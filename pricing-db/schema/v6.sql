-- Schema 6: markets over time and commitments (docs/model.md). A scenario's yearly changes of
-- cloud, hardware and electricity prices; a cloud option's own change of price (NULL: the
-- scenario's), the share of a reserved term paid at its start, and the term (NULL: 12 months for
-- reserved-1y, 36 for reserved-3y). Every default keeps a document's results as they were.
ALTER TABLE scenarios ADD COLUMN cloud_price_change_per_year REAL NOT NULL DEFAULT 0;
ALTER TABLE scenarios ADD COLUMN hardware_price_change_per_year REAL NOT NULL DEFAULT 0;
ALTER TABLE scenarios ADD COLUMN electricity_price_change_per_year REAL NOT NULL DEFAULT 0;
ALTER TABLE cloud_options ADD COLUMN price_change_per_year REAL;
ALTER TABLE cloud_options ADD COLUMN reserved_upfront_share REAL NOT NULL DEFAULT 0;
ALTER TABLE cloud_options ADD COLUMN commitment_months INTEGER;
