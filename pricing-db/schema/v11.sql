-- Schema 11: reserved prices paid all upfront (docs/model.md, "Commitments"). Beside a reserved
-- price paid month by month (reserved_1y, reserved_3y), the effective price per instance-hour
-- of the same term when its whole total is paid at its start, where the provider publishes one
-- (AWS "All Upfront"). NULL: not published. An offer's earlier prices keep them too.
ALTER TABLE cloud_offers ADD COLUMN reserved_1y_upfront REAL CHECK (reserved_1y_upfront >= 0);
ALTER TABLE cloud_offers ADD COLUMN reserved_3y_upfront REAL CHECK (reserved_3y_upfront >= 0);
ALTER TABLE offer_prices ADD COLUMN reserved_1y_upfront REAL;
ALTER TABLE offer_prices ADD COLUMN reserved_3y_upfront REAL;
