-- Locators written backwards, by code point, for name globs with a wildcard start and a literal end (`*_0002`):
-- the end, reversed, is a prefix, and a range of this index holds its matches, where the locator index could only
-- be read in full (30 ms at 100,000 topics, 3 ms at 1,000). The repository writes it with each new row. Indexed
-- in code-point order ("C"), the order the search's ranges are computed in, whatever the database's collation.
ALTER TABLE sequence ADD COLUMN locator_reversed TEXT;
ALTER TABLE topic ADD COLUMN locator_reversed TEXT;

-- Filled by rewriting each table (a type change with USING rewrites it whole), not by an UPDATE: an UPDATE of every
-- row leaves every row's old version behind, a table twice its size to the planner until its space is reused, and
-- with it the planner chose a join 50x slower for a sequence-and-topic metadata search (CatalogSearchScaleTest).
ALTER TABLE sequence ALTER COLUMN locator_reversed SET DATA TYPE TEXT USING reverse(locator);
ALTER TABLE topic ALTER COLUMN locator_reversed SET DATA TYPE TEXT USING reverse(locator);

CREATE INDEX sequence_locator_reversed_idx ON sequence (locator_reversed COLLATE "C");
CREATE INDEX topic_locator_reversed_idx ON topic (locator_reversed COLLATE "C");
