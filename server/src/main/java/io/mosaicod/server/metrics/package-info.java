/** What the server reports for its process's metrics, independent of any metrics library. */
package io.mosaicod.server.metrics;
