package io.mosaicod.bench;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import java.util.List;

/**
 * The real topic a catalog is grown from, as the server recorded it: its folders and its chunks. Every bulk topic gets
 * copies of its chunk rows and their column statistics (moved in time), so that the catalog's rows look like the
 * product's own, whatever statistics the product keeps.
 */
record CatalogTemplate(String sequenceFolder, String topicFolder, List<Chunk> chunks) {

    static CatalogTemplate read(CatalogDeployment deployment, String topicLocator) {
        try (Repository repository = Repositories.open(deployment.database())) {
            Topic topic = repository.catalog().findTopicByLocator(topicLocator).orElseThrow();
            Sequence sequence = repository.catalog().listSequences().stream()
                    .filter(s -> s.id() == topic.sequenceId()).findFirst().orElseThrow();
            return new CatalogTemplate(sequence.folder(), topic.folder(),
                    List.copyOf(repository.catalog().listChunks(topic.id())));
        }
    }

    long topicId() {
        return chunks.get(0).topicId();
    }

    long firstTimestampNs() {
        return chunks.get(0).minTimestampNs().orElseThrow();
    }

    long lastTimestampNs() {
        return chunks.get(chunks.size() - 1).maxTimestampNs().orElseThrow();
    }
}
