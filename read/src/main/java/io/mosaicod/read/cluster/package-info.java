/**
 * When data matches, in time: clusters of one topic's matching rows ({@code topic_filter_clusterize}) and the
 * times several topics' clusters meet ({@code topic_filter_intersect}), computed as streams over chunks read in
 * time order, so that neither a topic's rows nor its matches are ever held whole.
 */
package io.mosaicod.read.cluster;
