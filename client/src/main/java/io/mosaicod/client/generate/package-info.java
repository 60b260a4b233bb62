/**
 * The data generator: {@link io.mosaicod.client.generate.DataGenerator#run} ingests N sequences × M topics ×
 * K chunks × R rows of realistic sensor data through the server API, as described by a
 * {@link io.mosaicod.client.generate.GeneratorSpec}; {@link io.mosaicod.client.generate.TopicBatches}
 * recomputes what it sent.
 */
package io.mosaicod.client.generate;
