/**
 * The repository: the SQL catalog of sequences, sessions, topics, chunks and column statistics, the store
 * optimizer's queue and leases, the cleanup ledger, the instance registry and the API keys, as domain records and
 * interfaces. They know nothing of their implementation over SQLite or PostgreSQL in {@code io.mosaicod.db.jdbc},
 * where {@code Repositories.open} opens one.
 */
package io.mosaicod.db;
