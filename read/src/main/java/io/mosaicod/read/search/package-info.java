/**
 * The data side of the search actions: ontology conditions judged against chunks, first by the statistics the
 * repository keeps for each chunk (to skip what cannot match without reading it), then on the rows of the
 * chunks that remain.
 */
package io.mosaicod.read.search;
