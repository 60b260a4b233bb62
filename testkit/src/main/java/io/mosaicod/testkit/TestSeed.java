package io.mosaicod.testkit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * The seed of a randomized test class: {@code -Dmosaicod.test.seed=N} replays a run, otherwise each run draws
 * a new one. Registered as an extension ({@code @RegisterExtension static final TestSeed SEED = new TestSeed();}),
 * it puts the seed and the replay option in the message of whatever fails in the class, so a failure seen once
 * in CI can be run again.
 */
public final class TestSeed implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {
    /** The one system property every randomized test takes its seed from. */
    public static final String PROPERTY = "mosaicod.test.seed";

    private final long value = Long.getLong(PROPERTY, System.nanoTime());

    public long value() {
        return value;
    }

    /** How a message names this seed: {@code seed N (replay with -Dmosaicod.test.seed=N)}. */
    @Override
    public String toString() {
        return "seed " + value + " (replay with -D" + PROPERTY + "=" + value + ")";
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        throw named(failure);
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        throw named(failure);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable failure)
            throws Throwable {
        throw named(failure);
    }

    /** The failure with this seed in its message; the original stays attached as the cause. */
    private Throwable named(Throwable failure) {
        if (failure instanceof TestAbortedException) {
            return failure; // a skipped test: nothing to replay
        }
        return new AssertionError(failure + "\n[" + this + "]", failure);
    }
}
