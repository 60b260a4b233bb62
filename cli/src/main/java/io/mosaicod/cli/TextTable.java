package io.mosaicod.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of cells printed in left-aligned columns separated by two spaces, as {@code ps} and {@code docker ps}
 * print them; the first row is usually a header.
 */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... firstRow) {
        this.columns = firstRow.length;
        rows.add(firstRow);
    }

    void add(String... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " cells, got " + cells.length);
        }
        rows.add(cells);
    }

    boolean hasRows() {
        return rows.size() > 1;
    }

    /** Rows added, the first included. */
    int rowCount() {
        return rows.size();
    }

    /** @return the columns' widths, which rows printed later align to ({@link StreamedTable}) */
    int[] printTo(PrintWriter out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            out.println(line(row, widths));
        }
        return widths;
    }

    /** The row's cells, each padded to its column's width and two spaces; a wider cell pushes the rest right. */
    static String line(String[] row, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < row.length; i++) {
            line.append(row[i]);
            if (i < row.length - 1) {
                line.append(" ".repeat(Math.max(widths[i] - row[i].length(), 0) + 2));
            }
        }
        return line.toString().stripTrailing();
    }
}
