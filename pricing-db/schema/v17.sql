-- Schema 17: models served per token in the catalog (docs/model.md, "Serving"): the API offers a
-- document lists beside its cloud offers, and the prices each had before.
--
-- Prices are per million tokens in the row's currency. A NULL cached-input price: the provider
-- prices no cached input; a NULL rate limit: none published. An offer is one provider's model id
-- (the model's name where the sheet gives no id). The upgrade step writes the bundled offers
-- (pricing-db/api-offers.csv), linked to no sheet: each carries its own source and date.
CREATE TABLE api_offers (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    served_model TEXT NOT NULL DEFAULT '',
    api_model_id TEXT NOT NULL,
    input_per_mtok REAL NOT NULL CHECK (input_per_mtok >= 0),
    output_per_mtok REAL NOT NULL CHECK (output_per_mtok >= 0),
    cached_input_per_mtok REAL CHECK (cached_input_per_mtok >= 0),
    currency TEXT NOT NULL DEFAULT 'USD',
    requests_per_minute REAL CHECK (requests_per_minute >= 0),
    tokens_per_minute REAL CHECK (tokens_per_minute >= 0),
    source TEXT NOT NULL DEFAULT '',
    url TEXT NOT NULL DEFAULT '',
    as_of TEXT NOT NULL DEFAULT '',
    sheet_id INTEGER REFERENCES sheets(id) ON DELETE SET NULL,
    UNIQUE (provider, api_model_id)
);

-- The prices an API offer had before, as offer_prices keeps a cloud offer's (schema 8): a write
-- that gives an offer other prices under another date first keeps the ones it had here, under
-- their own date. The same prices under a later date keep nothing; a price corrected under the
-- same date replaces the old one without a trace; an offer removed takes its past prices with it.
CREATE TABLE api_offer_prices (
    offer_id INTEGER NOT NULL REFERENCES api_offers(id) ON DELETE CASCADE,
    as_of TEXT NOT NULL,
    input_per_mtok REAL NOT NULL,
    output_per_mtok REAL NOT NULL,
    cached_input_per_mtok REAL,
    PRIMARY KEY (offer_id, as_of)
) WITHOUT ROWID;
