-- Schema 10: criteria beyond cost (docs/model.md, "Criteria beyond cost"). A scenario's weight per
-- criterion (the defaults 40/20/10/10/10/5/5) and an option's own score per criterion, 1 to 5
-- (NULL: computed from the results, or the default of the option's kind).
ALTER TABLE scenarios ADD COLUMN weight_cost REAL NOT NULL DEFAULT 40 CHECK (weight_cost >= 0);
ALTER TABLE scenarios ADD COLUMN weight_performance REAL NOT NULL DEFAULT 20 CHECK (weight_performance >= 0);
ALTER TABLE scenarios ADD COLUMN weight_setup REAL NOT NULL DEFAULT 10 CHECK (weight_setup >= 0);
ALTER TABLE scenarios ADD COLUMN weight_reliability REAL NOT NULL DEFAULT 10 CHECK (weight_reliability >= 0);
ALTER TABLE scenarios ADD COLUMN weight_data_control REAL NOT NULL DEFAULT 10 CHECK (weight_data_control >= 0);
ALTER TABLE scenarios ADD COLUMN weight_scalability REAL NOT NULL DEFAULT 5 CHECK (weight_scalability >= 0);
ALTER TABLE scenarios ADD COLUMN weight_flexibility REAL NOT NULL DEFAULT 5 CHECK (weight_flexibility >= 0);
ALTER TABLE cloud_options ADD COLUMN score_cost REAL CHECK (score_cost BETWEEN 1 AND 5);
ALTER TABLE cloud_options ADD COLUMN score_performance REAL CHECK (score_performance BETWEEN 1 AND 5);
ALTER TABLE cloud_options ADD COLUMN score_setup REAL CHECK (score_setup BETWEEN 1 AND 5);
ALTER TABLE cloud_options ADD COLUMN score_reliability REAL CHECK (score_reliability BETWEEN 1 AND 5);
ALTER TABLE cloud_options ADD COLUMN score_data_control REAL CHECK (score_data_control BETWEEN 1 AND 5);
ALTER TABLE cloud_options ADD COLUMN score_scalability REAL CHECK (score_scalability BETWEEN 1 AND 5);
ALTER TABLE cloud_options ADD COLUMN score_flexibility REAL CHECK (score_flexibility BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_cost REAL CHECK (score_cost BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_performance REAL CHECK (score_performance BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_setup REAL CHECK (score_setup BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_reliability REAL CHECK (score_reliability BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_data_control REAL CHECK (score_data_control BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_scalability REAL CHECK (score_scalability BETWEEN 1 AND 5);
ALTER TABLE builds ADD COLUMN score_flexibility REAL CHECK (score_flexibility BETWEEN 1 AND 5);
