package io.caasoperator.app;

import java.util.List;

/** Rows printed as columns two spaces apart, each as wide as its widest cell (as Juju's tables). */
final class TextTable {
  private TextTable() {}

  /** The first row is the header; trailing spaces are stripped from every line. */
  static String render(List<String[]> rows) {
    int[] widths = new int[rows.getFirst().length];
    for (String[] row : rows)
      for (int i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], row[i].length());
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++)
        line.append(row[i]).append(" ".repeat(widths[i] - row[i].length() + 2));
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
