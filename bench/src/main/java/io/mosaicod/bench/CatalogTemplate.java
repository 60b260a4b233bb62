package io.mosaicod.bench;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import java.util.ArrayList;
import java.util.List;

/**
 * The real topic a catalog is grown from, as the server recorded it: its folders and its chunks with their column
 * statistics. Every bulk topic gets the same chunk sizes, row counts and statistics (shifted in time), so that the
 * catalog's rows look like the product's own, whatever statistics the product keeps.
 */
record CatalogTemplate(String sequenceFolder, String topicFolder, List<TemplateChunk> chunks) {

    record TemplateChunk(Chunk chunk, List<ColumnStats> stats) {
    }

    static CatalogTemplate read(CatalogDeployment deployment, String topicLocator) {
        try (Repository repository = Repositories.open(deployment.database())) {
            Topic topic = repository.catalog().findTopicByLocator(topicLocator).orElseThrow();
            Sequence sequence = repository.catalog().listSequences().stream()
                    .filter(s -> s.id() == topic.sequenceId()).findFirst().orElseThrow();
            List<TemplateChunk> chunks = new ArrayList<>();
            for (Chunk chunk : repository.catalog().listChunks(topic.id())) {
                chunks.add(new TemplateChunk(chunk, repository.catalog().columnStats(chunk.id())));
            }
            return new CatalogTemplate(sequence.folder(), topic.folder(), List.copyOf(chunks));
        }
    }

    long firstTimestampNs() {
        return chunks.get(0).chunk().minTimestampNs().orElseThrow();
    }

    long lastTimestampNs() {
        return chunks.get(chunks.size() - 1).chunk().maxTimestampNs().orElseThrow();
    }
}
