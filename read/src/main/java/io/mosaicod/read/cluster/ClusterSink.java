package io.mosaicod.read.cluster;

/** Receives clusters as they are found, in time order; the consumer of one streams each out as a Result. */
@FunctionalInterface
public interface ClusterSink {
    void accept(Cluster cluster);
}
