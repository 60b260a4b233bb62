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

    void printTo(PrintWriter out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(row[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - row[i].length() + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
