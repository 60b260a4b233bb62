package io.mosaicod.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link TextTable} for listings too long to hold: the first {@link #WINDOW} rows are held to size the columns,
 * then printed, and every later row is printed as it comes in those columns. A listing that fits in the window
 * prints exactly as a {@link TextTable}; beyond it, a cell wider than its column pushes the rest of its line right.
 */
final class StreamedTable {
    /** Rows held to size the columns: a few hundred kilobytes at most, and every listing of a usual catalog. */
    static final int WINDOW = 1000;

    private final PrintWriter out;
    private final TextTable window;
    private int[] widths;

    StreamedTable(PrintWriter out, String... header) {
        this.out = out;
        this.window = new TextTable(header);
    }

    void add(String... cells) {
        if (widths != null) {
            out.println(TextTable.line(cells, widths));
            return;
        }
        window.add(cells);
        if (window.rowCount() > WINDOW) {
            widths = window.printTo(out);
        }
    }

    /** Prints the rows still held. */
    void finish() {
        if (widths == null) {
            widths = window.printTo(out);
        }
        out.flush();
    }
}
