-- Schema 5: cloud_offers rebuilt with its key's columns in the order (instance type, region,
-- provider), with the same rows, ids and links.
-- Comparing two keys, SQLite decides on the first column alone when it differs. The provider
-- is the same for every row of a sheet, so with it first every comparison of a bulk import's key
-- lookups went on to the other columns; with the instance type first most end there (an import
-- of a million offers took about a tenth less time). A lookup names all three columns, which
-- any order serves; a query naming only the provider now reads the whole table, which for the
-- catalog's filters is a few milliseconds per hundred thousand offers.
-- Run with foreign keys off (the table is dropped and replaced, and cloud_options keeps its
-- links to the ids), and checked with foreign_key_check before the commit.
CREATE TABLE cloud_offers_v5 (
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
    UNIQUE (instance_type, region, provider)
);
INSERT INTO cloud_offers_v5 (id, provider, category, instance_type, gpu, gpu_count, vcpus, memory_gib, region,
                             currency, on_demand, spot, reserved_1y, reserved_3y, source, url, as_of, sheet_id)
    SELECT id, provider, category, instance_type, gpu, gpu_count, vcpus, memory_gib, region,
           currency, on_demand, spot, reserved_1y, reserved_3y, source, url, as_of, sheet_id
    FROM cloud_offers ORDER BY id;
DROP TABLE cloud_offers;
ALTER TABLE cloud_offers_v5 RENAME TO cloud_offers;
