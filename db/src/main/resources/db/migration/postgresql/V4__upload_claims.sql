-- Which upload may write the topic, across every server sharing the repository (UploadClaims): the token of
-- the claim an upload holds, NULL while none does, and when that claim expires unless its holder renews it.
-- On the topic row itself, so that claiming is one conditional UPDATE of that row and the claim goes with
-- the topic when it is deleted.
ALTER TABLE topic ADD COLUMN upload_claim_token TEXT;
ALTER TABLE topic ADD COLUMN upload_claim_expires_at_ms BIGINT;
