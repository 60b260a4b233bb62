package io.mosaicod.cli;

import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicScope;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The topics {@code store-optimizer --topic LOCATOR} names, found in the repository. */
final class OptimizerTargets {
    private static final Logger LOG = LoggerFactory.getLogger(OptimizerTargets.class);

    private OptimizerTargets() {
    }

    /**
     * The scope of the named topics, or every topic if none is named. An unknown locator is a usage error: a typo
     * must not pass for "nothing to do". A named topic that a pass will not rewrite is reported, not an error: an
     * optimized one has nothing left to do, and an upload still running is taken by a pass after it completes.
     */
    static TopicScope scopeOf(Repository repository, List<String> locators) {
        if (locators.isEmpty()) {
            return TopicScope.ALL;
        }
        List<Long> ids = new ArrayList<>();
        for (String locator : locators) {
            Topic topic = find(repository, locator);
            if (topic.isOptimized()) {
                LOG.info("Topic {} is already optimized ({}): nothing to rewrite", topic.locator(),
                        TimeText.absolute(topic.optimizedAt().orElseThrow()));
            } else if (!topic.isUploadComplete()) {
                LOG.warn("Topic {} is not optimized: its upload is not complete yet (a pass takes it once it is)",
                        topic.locator());
            }
            ids.add(topic.id());
        }
        return TopicScope.only(ids);
    }

    private static Topic find(Repository repository, String locator) {
        return repository.catalog().findTopicByLocator(locator).orElseThrow(() -> new UsageException(
                "--topic " + locator + ": " + (repository.catalog().findSequence(locator).isPresent()
                        ? "that is a sequence; name its topics, e.g. " + locator + "/imu"
                        : "no such topic in the repository; 'mosaicod topic ls' lists them")));
    }
}
