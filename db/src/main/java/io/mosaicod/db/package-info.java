/**
 * The repository: the SQL catalog of sequences, sessions, topics, chunks and column statistics, the store
 * optimizer's queue and leases, the cleanup ledger and the instance registry. Open one with
 * {@link io.mosaicod.db.Repositories#open}; everything else is domain records and interfaces, implemented
 * over SQLite or PostgreSQL in {@code io.mosaicod.db.jdbc}.
 */
package io.mosaicod.db;
