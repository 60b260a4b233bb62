package io.mosaicod.cli;

import io.mosaicod.client.generate.GenerationProgress;
import java.io.PrintWriter;
import java.util.Locale;

/** Prints a line at every 10 % of a long step, on any output (terminal or not). */
final class PercentProgress {
    private final PrintWriter out;
    private final String verb;
    private int printedTenths;

    PercentProgress(PrintWriter out, String verb) {
        this.out = out;
        this.verb = verb;
    }

    synchronized void onChunk(GenerationProgress progress) {
        int tenths = (int) (progress.fraction() * 10);
        if (tenths > printedTenths) {
            printedTenths = tenths;
            out.printf(Locale.ROOT, "   %3d%% %s (%d of %d chunks)%n", tenths * 10, verb, progress.chunksDone(),
                    progress.totalChunks());
            out.flush();
        }
    }
}
