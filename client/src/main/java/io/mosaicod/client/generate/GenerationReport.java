package io.mosaicod.client.generate;

import java.time.Duration;
import java.util.List;

/** What a generation wrote: sequence names and topic locators in creation order, and totals. */
public record GenerationReport(List<String> sequences, List<String> topics, long chunks, long rows, long bytes,
                               Duration elapsed) {
    public GenerationReport {
        sequences = List.copyOf(sequences);
        topics = List.copyOf(topics);
    }
}
