package io.mosaicod.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * How a benchmark topic's chunks lie in time. {@code disjoint}: each chunk sorted, each starting after the
 * one before ends (what a single client streaming in order writes). {@code overlapping}: each chunk sorted,
 * neighbours overlapping by 30 % of a chunk's span (the older scenarios' topic). {@code unsorted}: like
 * overlapping, but inside every chunk ~4 % of the rows swapped out of place, so the repository records the
 * chunk as not sorted and the optimizer must sort it.
 */
enum Variant {
    DISJOINT("disjoint", "sorted, disjoint", 0.0, 0.0),
    OVERLAPPING("overlapping", "sorted, neighbours overlap 30 %", 0.3, 0.0),
    UNSORTED("unsorted", "overlap 30 %, ~4 % of rows out of order inside each chunk", 0.3, 0.04);

    private final String option;
    private final String description;
    private final double overlap;
    private final double disorder;

    Variant(String option, String description, double overlap, double disorder) {
        this.option = option;
        this.description = description;
        this.overlap = overlap;
        this.disorder = disorder;
    }

    /** The name the command line and the dataset folders use. */
    String option() {
        return option;
    }

    String description() {
        return description;
    }

    /** Fraction of a chunk's span that it shares with the next chunk. */
    double overlap() {
        return overlap;
    }

    /** Fraction of each chunk's rows moved out of time order. */
    double disorder() {
        return disorder;
    }

    /**
     * The variants a comma-separated option names, in declaration order; null or blank for all, {@code none} for
     * none (with {@code --memory true}: the memory check alone).
     */
    static List<Variant> select(String option) {
        if (option == null || option.isBlank()) {
            return List.of(values());
        }
        if (option.equals("none")) {
            return List.of();
        }
        List<Variant> chosen = new ArrayList<>();
        for (String name : option.split(",")) {
            chosen.add(named(name.trim()));
        }
        return List.of(values()).stream().filter(chosen::contains).toList();
    }

    static Variant named(String name) {
        for (Variant v : values()) {
            if (v.option.equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + name + "'; known: disjoint,overlapping,unsorted");
    }

    /**
     * Swaps pairs of rows of the sorted {@code timestamps} until about {@code fraction} of them are out of
     * place (at least one pair whenever there are two distinct timestamps): the chunk is then not sorted.
     */
    static void disorder(Random random, long[] timestamps, double fraction) {
        int rows = timestamps.length;
        if (fraction <= 0 || rows < 2 || timestamps[0] == timestamps[rows - 1]) {
            return;
        }
        int swaps = Math.max(1, (int) Math.round(rows * fraction / 2));
        for (int s = 0; s < swaps; s++) {
            swap(timestamps, random.nextInt(rows), random.nextInt(rows));
        }
        for (int k = 0; k + 1 < rows && isSorted(timestamps); k++) {
            if (timestamps[k] < timestamps[k + 1]) {
                swap(timestamps, k, k + 1); // the random swaps happened to restore the order
            }
        }
    }

    static boolean isSorted(long[] timestamps) {
        for (int k = 1; k < timestamps.length; k++) {
            if (timestamps[k - 1] > timestamps[k]) {
                return false;
            }
        }
        return true;
    }

    private static void swap(long[] values, int i, int j) {
        long t = values[i];
        values[i] = values[j];
        values[j] = t;
    }
}
