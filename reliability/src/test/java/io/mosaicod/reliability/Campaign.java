package io.mosaicod.reliability;

/**
 * The campaign's two sizes: the short form runs with every build; {@code -Dreliability.long=true} runs the
 * long form reported in docs/reliability.md. Randomized scenarios draw from a seed they print, which
 * {@code -Dreliability.seed=N} replays.
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

    /** The seed of one scenario, printed so that a failure can be replayed. */
    static long seed(String scenario) {
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        System.out.printf("[reliability] %s: seed %d (replay with -Dreliability.seed=%d)%n", scenario, seed, seed);
        return seed;
    }

    /** One line of the campaign's record, picked up from the test output for docs/reliability.md. */
    static void report(String scenario, String format, Object... args) {
        System.out.printf("[reliability] %s: %s%n", scenario, String.format(format, args));
    }
}
