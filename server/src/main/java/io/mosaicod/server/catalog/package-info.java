/**
 * DoAction: {@link io.mosaicod.server.catalog.ActionDispatcher} routes each action of PROTOCOL.md §3 to the
 * sequence, session, topic, notification or server-info handler, which act on the repository and the store.
 */
package io.mosaicod.server.catalog;
