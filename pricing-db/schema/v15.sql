-- Schema 15: how a build is paid for, and a scenario's taxes (docs/model.md, "Paying for it").
--
-- A build is paid in cash (as every build stored before it), by a loan on each purchase (a yearly
-- rate, a term, a share paid down) or leased (a payment per unit and month, a term, and the share
-- of the price it is bought out for, or NULL for a new lease at the end of each term).
ALTER TABLE builds ADD COLUMN financing_method TEXT NOT NULL DEFAULT 'cash'
    CHECK (financing_method IN ('cash', 'loan', 'lease'));
ALTER TABLE builds ADD COLUMN financing_annual_rate REAL NOT NULL DEFAULT 0;
ALTER TABLE builds ADD COLUMN financing_term_months INTEGER NOT NULL DEFAULT 36;
ALTER TABLE builds ADD COLUMN financing_down_payment REAL NOT NULL DEFAULT 0;
ALTER TABLE builds ADD COLUMN lease_payment_per_month REAL NOT NULL DEFAULT 0;
ALTER TABLE builds ADD COLUMN lease_buyout REAL;

-- Taxes: NULL rate = none, every figure before tax, as scenarios stored before it.
ALTER TABLE scenarios ADD COLUMN tax_rate REAL;
ALTER TABLE scenarios ADD COLUMN tax_depreciation TEXT NOT NULL DEFAULT 'macrs-5'
    CHECK (tax_depreciation IN ('straight-line', 'macrs-5', 'expensing'));
ALTER TABLE scenarios ADD COLUMN tax_depreciation_years REAL NOT NULL DEFAULT 5;
