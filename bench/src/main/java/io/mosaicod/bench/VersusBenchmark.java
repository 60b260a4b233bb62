package io.mosaicod.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Scenario {@code versus}: this build's optimizer against another build's ({@code --versus
 * <other checkout>/bin/mosaicod}, e.g. a worktree at the commit before a change), pass for pass on the same
 * freshly ingested topic with the page cache dropped, which of the two goes first alternating round by round.
 * On this machine, whose speed drifts from minute to minute, that is how a change is measured: interleaved
 * pairs, medians compared.
 */
final class VersusBenchmark {
    /** One topic's passes: this build's and the other's, in round order. */
    record Result(String dataset, String other, List<Double> thisSeconds, List<Double> otherSeconds) {
        double thisMedian() {
            return OptimizerBenchmark.median(thisSeconds.stream().mapToDouble(Double::doubleValue).toArray());
        }

        double otherMedian() {
            return OptimizerBenchmark.median(otherSeconds.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }

    private VersusBenchmark() {
    }

    static Result run(OptimizerBenchmark optimizer, BenchDataset dataset, Path other, int runs) throws Exception {
        System.out.printf(Locale.ROOT, "%s: this build against %s, %d pairs%n", dataset.spec().name(), other, runs);
        List<Double> mine = new ArrayList<>();
        List<Double> theirs = new ArrayList<>();
        for (int round = 0; round < runs; round++) {
            boolean thisFirst = round % 2 == 0;
            for (boolean thisBuild : new boolean[] {thisFirst, !thisFirst}) {
                dataset.reset();
                PageCache.drop();
                ChildJvm.Measurement m = optimizer.optimizerPass(thisBuild ? null : other, dataset, 0);
                (thisBuild ? mine : theirs).add(m.seconds());
                System.out.printf(Locale.ROOT, "  %-12s %6.2f s%n", thisBuild ? "this build" : "other build",
                        m.seconds());
            }
        }
        return new Result(dataset.spec().name(), other.toString(), mine, theirs);
    }

    static String markdown(List<Result> results) {
        StringBuilder out = new StringBuilder("| topic | this build (median) | other build (median) | this / other | "
                + "this build's passes | other build's passes |\n|---|---|---|---|---|---|\n");
        for (Result r : results) {
            out.append(String.format(Locale.ROOT, "| %s | %.2f s | %.2f s | %.2f× | %s | %s |%n", r.dataset(),
                    r.thisMedian(), r.otherMedian(), r.thisMedian() / r.otherMedian(), seconds(r.thisSeconds()),
                    seconds(r.otherSeconds())));
        }
        out.append("\nOther build: ").append(results.isEmpty() ? "-" : results.get(0).other())
                .append(". Passes alternate, the first of each pair switching round by round; page cache dropped"
                        + " before each.\n");
        return out.toString();
    }

    private static String seconds(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList());
    }
}
