/**
 * The process's metrics endpoint (docs/metrics.md): Micrometer meters behind the event interfaces the lower
 * modules report to, served in Prometheus' text formats. The only package that knows Micrometer.
 */
package io.mosaicod.cli.metrics;
