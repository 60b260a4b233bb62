package io.mosaicod.db;

import java.util.Optional;

/** A topic a search found, with what the answer and a later data filter need. */
public record SearchHit(long topicId, String sequence, String locator, Optional<String> ontologyTag) {
}
