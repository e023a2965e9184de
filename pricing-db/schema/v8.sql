-- Schema 8: the prices an offer had before (docs/model.md, "Observed price trends").
-- When an offer is written with a price dated otherwise than the one it had (a newer sheet, a
-- newer bundled figure), the writer first keeps the prices it had here, under their own date
-- (the offer's, or its sheet's when it has none: schema 4), so a document that has seen an
-- offer's prices at several dates can tell how fast they change. A price corrected under the
-- same date replaces the old one without a trace; an offer removed takes its past prices with
-- it. (Documents run no triggers, so the writers do this themselves: rows::kKeepEarlierPrices.)
CREATE TABLE offer_prices (
    offer_id INTEGER NOT NULL REFERENCES cloud_offers(id) ON DELETE CASCADE,
    as_of TEXT NOT NULL,
    on_demand REAL,
    spot REAL,
    reserved_1y REAL,
    reserved_3y REAL,
    PRIMARY KEY (offer_id, as_of)
) WITHOUT ROWID;
