-- Schema 2: the catalog's price indexes are gone. The catalog view sorts a filtered list once,
-- keeping only the ids in memory, and pages through it by id, so no sort order needs an index;
-- a bulk import then keeps up no index but the key (provider, instance type, region). Each of
-- the four cost about 1.5 s per million offers to build.
DROP INDEX IF EXISTS cloud_offers_price;
DROP INDEX IF EXISTS cloud_offers_provider;
DROP INDEX IF EXISTS cloud_offers_gpu;
DROP INDEX IF EXISTS cloud_offers_spot;
