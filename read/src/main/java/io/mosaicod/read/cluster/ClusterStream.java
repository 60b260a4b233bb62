package io.mosaicod.read.cluster;

import java.io.IOException;

/** One topic's clusters in time order, computed as they are asked for. */
@FunctionalInterface
public interface ClusterStream {
    /** The next cluster, or null when there is none left. */
    Cluster next() throws IOException;
}
