-- Schema 12: a scenario's uncertainty (docs/model.md, "Uncertainty"): how many futures to sample
-- and the seed (uncertainty_samples NULL: the scenario has no uncertainty block, and `risk` uses
-- the default ranges), and its ranges, in order: a field's path, an absolute (low, high) or
-- relative (low_factor, high_factor) range and the distribution.
ALTER TABLE scenarios ADD COLUMN uncertainty_samples INTEGER CHECK (uncertainty_samples BETWEEN 1 AND 1000000);
ALTER TABLE scenarios ADD COLUMN uncertainty_seed INTEGER NOT NULL DEFAULT 1 CHECK (uncertainty_seed >= 0);
CREATE TABLE uncertain_inputs (
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    path TEXT NOT NULL,
    low REAL,
    high REAL,
    low_factor REAL,
    high_factor REAL,
    distribution TEXT NOT NULL DEFAULT 'triangular' CHECK (distribution IN ('triangular', 'uniform')),
    PRIMARY KEY (scenario_id, position)
) WITHOUT ROWID;
