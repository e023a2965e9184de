-- Schema 16: serving (docs/model.md, "Serving"): a workload counted in requests and tokens, the
-- model figures a scenario carries, and options that are paid per token.
--
-- A workload serves when serving_model is not NULL; the other serving columns are then read (and
-- keep their defaults otherwise). A NULL latency target is none.
ALTER TABLE workloads ADD COLUMN serving_model TEXT;
ALTER TABLE workloads ADD COLUMN serving_precision TEXT NOT NULL DEFAULT 'fp16';
ALTER TABLE workloads ADD COLUMN serving_requests_per_second REAL NOT NULL DEFAULT 0;
ALTER TABLE workloads ADD COLUMN serving_peak_to_mean REAL NOT NULL DEFAULT 1.5;
ALTER TABLE workloads ADD COLUMN serving_input_tokens REAL NOT NULL DEFAULT 0;
ALTER TABLE workloads ADD COLUMN serving_output_tokens REAL NOT NULL DEFAULT 0;
ALTER TABLE workloads ADD COLUMN serving_max_tpot_ms REAL;

ALTER TABLE scenarios ADD COLUMN api_price_change_per_year REAL NOT NULL DEFAULT 0;
-- Billed for the replicas a mean hour needs instead of those the peak needs.
ALTER TABLE cloud_options ADD COLUMN autoscales INTEGER NOT NULL DEFAULT 0 CHECK (autoscales IN (0, 1));

-- scenario_models: model figures a scenario carries (beside or instead of the catalog's), in order.
CREATE TABLE scenario_models (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    family TEXT NOT NULL DEFAULT '',
    publisher TEXT NOT NULL DEFAULT '',
    hf_repo TEXT NOT NULL DEFAULT '',
    total_params_b REAL NOT NULL DEFAULT 0,
    active_params_b REAL NOT NULL DEFAULT 0,
    layers INTEGER NOT NULL DEFAULT 0,
    hidden_size INTEGER NOT NULL DEFAULT 0,
    attention_heads INTEGER NOT NULL DEFAULT 0,
    kv_heads INTEGER NOT NULL DEFAULT 0,
    head_dim INTEGER NOT NULL DEFAULT 0,
    kv_values_per_token_layer REAL NOT NULL DEFAULT 0,
    context_tokens INTEGER NOT NULL DEFAULT 0,
    attention TEXT NOT NULL DEFAULT '',
    licence TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    url TEXT NOT NULL DEFAULT '',
    as_of TEXT NOT NULL DEFAULT ''
);
CREATE INDEX scenario_models_scenario ON scenario_models(scenario_id, position);

-- api_options: a scenario's options paid per token, in order; prices per million tokens in the
-- row's currency. NULL cached price: cached input at the input price; NULL price change: the
-- scenario's api_price_change_per_year; NULL rate limit: none.
CREATE TABLE api_options (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    provider TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    price_per_million_input REAL NOT NULL DEFAULT 0,
    price_per_million_output REAL NOT NULL DEFAULT 0,
    price_per_million_cached_input REAL,
    cached_input_share REAL NOT NULL DEFAULT 0,
    currency TEXT NOT NULL DEFAULT 'USD',
    price_change_per_year REAL,
    max_tokens_per_minute REAL,
    score_cost REAL CHECK (score_cost BETWEEN 1 AND 5),
    score_performance REAL CHECK (score_performance BETWEEN 1 AND 5),
    score_setup REAL CHECK (score_setup BETWEEN 1 AND 5),
    score_reliability REAL CHECK (score_reliability BETWEEN 1 AND 5),
    score_data_control REAL CHECK (score_data_control BETWEEN 1 AND 5),
    score_scalability REAL CHECK (score_scalability BETWEEN 1 AND 5),
    score_flexibility REAL CHECK (score_flexibility BETWEEN 1 AND 5)
);
CREATE INDEX api_options_scenario ON api_options(scenario_id, position);
