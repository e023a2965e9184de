-- Schema 9: a GPU's relative throughput per kind of work (docs/model.md, "Throughput profiles"):
-- training, llm-training, inference-memory-bound and peak, each against the catalog's reference
-- (A100-SXM4-80GB) with its basis ("measured", "estimate", "derived", or "entered": the user's
-- own) and source. A GPU without a row for a profile uses gpu_models.relative_throughput for it.
-- The upgrade gives an older document's bundled GPUs their bundled profiles when their single
-- figure is still the one the bundled catalog had; a figure the user changed stays theirs, for
-- every kind of work (migrations.cpp).
CREATE TABLE gpu_throughput (
    gpu_id INTEGER NOT NULL REFERENCES gpu_models(id) ON DELETE CASCADE,
    profile TEXT NOT NULL CHECK (profile IN ('training', 'llm-training', 'inference-memory-bound', 'peak')),
    relative_throughput REAL NOT NULL CHECK (relative_throughput > 0),
    basis TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    as_of TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (gpu_id, profile)
) WITHOUT ROWID;

-- The profile a workload's GPUs are compared by; scenarios stored before it compare by training.
ALTER TABLE workloads ADD COLUMN throughput_profile TEXT NOT NULL DEFAULT 'training'
    CHECK (throughput_profile IN ('training', 'llm-training', 'inference-memory-bound', 'peak'));
