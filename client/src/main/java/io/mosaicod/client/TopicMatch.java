package io.mosaicod.client;

import java.util.Optional;

/** A topic a {@code query} found: its {@code <sequence>/<topic>} locator and ontology tag, if it has one. */
public record TopicMatch(String locator, Optional<String> ontologyTag) {
}
