package io.mosaicod.db.jdbc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** Topic ids in groups small enough for one {@code IN (...)} list on every database (SQLite's parameter limit). */
final class TopicBatches {
    private static final int SIZE = 500;

    private TopicBatches() {
    }

    static List<List<Long>> of(Collection<Long> topicIds) {
        List<Long> ids = new ArrayList<>(topicIds);
        List<List<Long>> batches = new ArrayList<>();
        for (int i = 0; i < ids.size(); i += SIZE) {
            batches.add(ids.subList(i, Math.min(ids.size(), i + SIZE)));
        }
        return batches;
    }

    /** {@code ?, ?, ...}: {@code count} placeholders. */
    static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }
}
