/** What the lower modules report for a process's metrics, independent of any metrics library. */
package io.mosaicod.core.metrics;
