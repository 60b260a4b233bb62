package io.mosaicod.reliability;

import io.mosaicod.testkit.TestSeed;

/**
 * The campaign's two sizes: the short form runs with every build; {@code -Dreliability.long=true} runs the
 * long form reported in docs/reliability.md. Randomized scenarios draw from a seed they print, which
 * {@code -Dmosaicod.test.seed=N} replays ({@link TestSeed}).
 */
final class Campaign {
    private Campaign() {
    }

    static boolean isLong() {
        return Boolean.getBoolean("reliability.long");
    }

    /** {@code shortForm} in the default build, {@code longForm} with {@code -Dreliability.long=true}. */
    static int size(int shortForm, int longForm) {
        return isLong() ? longForm : shortForm;
    }

    /** The seed of one scenario, printed for the campaign's record (a failure names it too). */
    static long seed(TestSeed seed, String scenario) {
        System.out.printf("[reliability] %s: %s%n", scenario, seed);
        return seed.value();
    }

    /** One line of the campaign's record, picked up from the test output for docs/reliability.md. */
    static void report(String scenario, String format, Object... args) {
        System.out.printf("[reliability] %s: %s%n", scenario, String.format(format, args));
    }
}
