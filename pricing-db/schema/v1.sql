-- Breakeven document schema, version 1 (created by the upgrade step from version 0).
-- Prices are per instance-hour in the row's currency; dates are ISO 8601 text.
-- Child rows carry a `position` so the order the user chose survives a round trip.

-- Where catalog rows came from: one row per imported sheet, plus "bundled catalog".
CREATE TABLE sheets (
    id INTEGER PRIMARY KEY,
    file_name TEXT NOT NULL,
    sha256 TEXT NOT NULL DEFAULT '',
    preset TEXT NOT NULL DEFAULT '',
    rows_added INTEGER NOT NULL DEFAULT 0 CHECK (rows_added >= 0),
    rows_updated INTEGER NOT NULL DEFAULT 0 CHECK (rows_updated >= 0),
    rows_unchanged INTEGER NOT NULL DEFAULT 0 CHECK (rows_unchanged >= 0),
    rows_skipped INTEGER NOT NULL DEFAULT 0 CHECK (rows_skipped >= 0),
    imported_at TEXT NOT NULL,
    as_of TEXT NOT NULL DEFAULT ''
);

-- `key` is the name upper-cased with punctuation removed (GpuCatalog::normalized), so that
-- "h100 pcie" and "H100-PCIe" find the same row.
CREATE TABLE gpu_models (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    vendor TEXT NOT NULL DEFAULT '',
    architecture TEXT NOT NULL DEFAULT '',
    year INTEGER NOT NULL DEFAULT 0,
    memory_gb REAL NOT NULL DEFAULT 0,
    bandwidth_gbs REAL NOT NULL DEFAULT 0,
    fp16_tflops REAL NOT NULL DEFAULT 0,
    fp32_tflops REAL NOT NULL DEFAULT 0,
    tdp_w REAL NOT NULL DEFAULT 0,
    gpus_per_board INTEGER NOT NULL DEFAULT 1 CHECK (gpus_per_board > 0),
    price_new_usd REAL NOT NULL DEFAULT 0,
    price_used_usd REAL NOT NULL DEFAULT 0,
    relative_throughput REAL NOT NULL DEFAULT 1,
    throughput_basis TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    as_of TEXT NOT NULL DEFAULT ''
);

CREATE TABLE gpu_aliases (
    key TEXT PRIMARY KEY,
    alias TEXT NOT NULL,
    gpu_id INTEGER NOT NULL REFERENCES gpu_models(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX gpu_aliases_gpu ON gpu_aliases(gpu_id);

-- The per-GPU-hour columns are derived so that sorting and filtering by them can use an index.
-- The headline price is on-demand where the provider publishes it, else the first other plan.
CREATE TABLE cloud_offers (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category IN ('hyperscaler', 'ml-cloud', 'marketplace')),
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
    on_demand_per_gpu_hour REAL GENERATED ALWAYS AS (on_demand / gpu_count) VIRTUAL,
    spot_per_gpu_hour REAL GENERATED ALWAYS AS (spot / gpu_count) VIRTUAL,
    reserved_1y_per_gpu_hour REAL GENERATED ALWAYS AS (reserved_1y / gpu_count) VIRTUAL,
    reserved_3y_per_gpu_hour REAL GENERATED ALWAYS AS (reserved_3y / gpu_count) VIRTUAL,
    price_per_gpu_hour REAL GENERATED ALWAYS AS
        (coalesce(on_demand, spot, reserved_1y, reserved_3y) / gpu_count) VIRTUAL,
    UNIQUE (provider, instance_type, region)
);
-- The catalog view's first screen sorts by price; filtering by provider or GPU and sorting by
-- them keeps the cheapest first. Each index roughly adds a tenth to the cost of a bulk import,
-- so other columns sort without one.
CREATE INDEX cloud_offers_price ON cloud_offers(price_per_gpu_hour);
CREATE INDEX cloud_offers_provider ON cloud_offers(provider, price_per_gpu_hour);
CREATE INDEX cloud_offers_gpu ON cloud_offers(gpu, price_per_gpu_hour);
CREATE INDEX cloud_offers_spot ON cloud_offers(spot_per_gpu_hour);

CREATE TABLE scenarios (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    currency TEXT NOT NULL DEFAULT 'USD',
    horizon_months INTEGER NOT NULL DEFAULT 36,
    reference_gpu TEXT NOT NULL DEFAULT '',
    discount_rate_per_year REAL NOT NULL DEFAULT 0,
    credit_resale_value INTEGER NOT NULL DEFAULT 0 CHECK (credit_resale_value IN (0, 1))
);

-- 1 unit of `currency` = `rate` units of the scenario's currency.
CREATE TABLE exchange_rates (
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    currency TEXT NOT NULL,
    rate REAL NOT NULL,
    PRIMARY KEY (scenario_id, currency)
) WITHOUT ROWID;

CREATE TABLE workloads (
    scenario_id INTEGER PRIMARY KEY REFERENCES scenarios(id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT '',
    gpus REAL NOT NULL,
    utilization REAL NOT NULL,
    min_gpu_memory_gb REAL NOT NULL DEFAULT 0,
    growth_per_year REAL NOT NULL DEFAULT 0,
    storage_gb REAL NOT NULL DEFAULT 0,
    egress_gb_per_month REAL NOT NULL DEFAULT 0,
    job_reference_gpu_hours REAL,
    gpus_per_job INTEGER NOT NULL DEFAULT 1,
    parallel_jobs INTEGER NOT NULL DEFAULT 1
);

-- The GPU figures a scenario carries, so it evaluates the same whatever the catalog says later.
CREATE TABLE scenario_gpus (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    vendor TEXT NOT NULL DEFAULT '',
    architecture TEXT NOT NULL DEFAULT '',
    year INTEGER NOT NULL DEFAULT 0,
    memory_gb REAL NOT NULL DEFAULT 0,
    bandwidth_gbs REAL NOT NULL DEFAULT 0,
    fp16_tflops REAL NOT NULL DEFAULT 0,
    fp32_tflops REAL NOT NULL DEFAULT 0,
    tdp_w REAL NOT NULL DEFAULT 0,
    gpus_per_board INTEGER NOT NULL DEFAULT 1,
    price_new_usd REAL NOT NULL DEFAULT 0,
    price_used_usd REAL NOT NULL DEFAULT 0,
    relative_throughput REAL NOT NULL DEFAULT 1,
    throughput_basis TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    as_of TEXT NOT NULL DEFAULT ''
);
CREATE INDEX scenario_gpus_scenario ON scenario_gpus(scenario_id, position);

-- A self-contained copy of the option; offer_id only remembers which catalog row it came from.
CREATE TABLE cloud_options (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    offer_id INTEGER REFERENCES cloud_offers(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    provider TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL CHECK (category IN ('hyperscaler', 'ml-cloud', 'marketplace')),
    instance_type TEXT NOT NULL DEFAULT '',
    gpu TEXT NOT NULL DEFAULT '',
    region TEXT NOT NULL DEFAULT '',
    gpus_per_instance INTEGER NOT NULL DEFAULT 1,
    pricing TEXT NOT NULL CHECK (pricing IN ('on-demand', 'spot', 'reserved-1y', 'reserved-3y')),
    price_per_hour REAL NOT NULL DEFAULT 0,
    currency TEXT NOT NULL DEFAULT 'USD',
    spot_rework REAL NOT NULL DEFAULT 0.1,
    platform_fee_per_month REAL NOT NULL DEFAULT 0,
    storage_per_gb_month REAL NOT NULL DEFAULT 0,
    egress_per_gb REAL NOT NULL DEFAULT 0,
    price_multiplier REAL NOT NULL DEFAULT 1,
    max_gpus INTEGER NOT NULL DEFAULT 64
);
CREATE INDEX cloud_options_scenario ON cloud_options(scenario_id, position);
CREATE INDEX cloud_options_offer ON cloud_options(offer_id);

CREATE TABLE builds (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('built-from-scratch', 'pre-built', 'used-parts')),
    gpu TEXT NOT NULL DEFAULT '',
    gpu_count INTEGER NOT NULL DEFAULT 1,
    list_price REAL,
    pre_built_markup REAL NOT NULL DEFAULT 0,
    currency TEXT NOT NULL DEFAULT 'USD',
    infrastructure_one_time REAL NOT NULL DEFAULT 0,
    idle_w REAL,
    load_w REAL,
    electricity_per_kwh REAL NOT NULL DEFAULT 0.15,
    pue REAL NOT NULL DEFAULT 1,
    overhead_per_year_of_hardware REAL NOT NULL DEFAULT 0,
    overhead_includes_power INTEGER NOT NULL DEFAULT 0 CHECK (overhead_includes_power IN (0, 1)),
    labor_per_month REAL NOT NULL DEFAULT 0,
    colocation_per_month REAL NOT NULL DEFAULT 0,
    lifetime_years REAL NOT NULL DEFAULT 3,
    depreciation_per_year REAL NOT NULL DEFAULT 0.2
);
CREATE INDEX builds_scenario ON builds(scenario_id, position);

CREATE TABLE components (
    id INTEGER PRIMARY KEY,
    build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    price REAL NOT NULL DEFAULT 0,
    quantity REAL NOT NULL DEFAULT 1
);
CREATE INDEX components_build ON components(build_id, position);

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- Column mappings of custom price sheets, saved under a name; the JSON belongs to the importer.
CREATE TABLE sheet_mappings (
    name TEXT PRIMARY KEY,
    json TEXT NOT NULL,
    saved_at TEXT NOT NULL
) WITHOUT ROWID;
