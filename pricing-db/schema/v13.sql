-- Schema 13: a workload's demand profile and a scenario's hybrid options (docs/model.md, "Demand
-- profiles" and "Hybrid fleets").
--
-- workload_demands: at most one profile per scenario's workload. `gpus` holds the reference GPUs
-- busy in each step as IEEE 754 binary64 values, little-endian, 8 bytes a step, in step order, no
-- header: its length is 8 times the number of steps (1 to 1,000,000). Any other length is read as
-- damage. The workload's own gpus and utilization stay in workloads (the profile's peak and its
-- mean over its peak when it was attached).
CREATE TABLE workload_demands (
    scenario_id INTEGER PRIMARY KEY REFERENCES scenarios(id) ON DELETE CASCADE,
    step_hours REAL NOT NULL CHECK (step_hours > 0 AND step_hours <= 8784),
    source TEXT NOT NULL DEFAULT '',
    gpus BLOB NOT NULL
);

-- hybrid_options: a scenario's hybrids, in order. Each names one of the scenario's builds and one
-- of its cloud options by row id: removing either removes the hybrids built on it, renaming it
-- keeps them. units NULL lets the engine choose K.
CREATE TABLE hybrid_options (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
    cloud_option_id INTEGER NOT NULL REFERENCES cloud_options(id) ON DELETE CASCADE,
    units INTEGER CHECK (units IS NULL OR units BETWEEN 0 AND 10000)
);
CREATE INDEX hybrid_options_scenario ON hybrid_options(scenario_id, position);
CREATE INDEX hybrid_options_build ON hybrid_options(build_id);
CREATE INDEX hybrid_options_cloud_option ON hybrid_options(cloud_option_id);
