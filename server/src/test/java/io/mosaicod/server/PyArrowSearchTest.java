package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.PyArrow;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The search actions (SEARCH.md) against an independent client in another language: pyarrow uploads random
 * topics, sends random {@code query}, {@code topic_filter_clusterize} and {@code topic_filter_intersect} bodies
 * as raw JSON and compares each answer with its own plain-Python evaluation of the rows it sent
 * (src/test/resources/python/search_actions.py).
 */
class PyArrowSearchTest extends ServerFixture {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Test
    void randomSearchesAgreeWithAPythonReferenceOverTheRowsSent() throws Exception {
        PyArrow python = PyArrow.find();
        PyArrow.Run run = python.runScript(Path.of("src/test/resources/python/search_actions.py"),
                List.of(Integer.toString(server.port()), uniqueName("pysearch"), Long.toString(SEED.value())));
        assertThat(run.exitCode()).as("%s\n%s", SEED, run.output()).isZero();
    }
}
