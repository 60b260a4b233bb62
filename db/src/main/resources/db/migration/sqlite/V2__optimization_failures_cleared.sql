-- A topic's failed optimization attempts count from the last time an operator cleared them
-- (`store-optimizer --retry-failed`): its FAILED runs with an id up to this one no longer count towards
-- MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS. 0 = never cleared. Run ids only grow, so they order a topic's runs
-- where equal end times (milliseconds) would not.
ALTER TABLE topic ADD COLUMN failures_cleared_through_run_id BIGINT NOT NULL DEFAULT 0;
