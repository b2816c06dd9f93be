package io.caasoperator.app.text;

import java.util.List;

/**
 * Rows printed as columns, left-aligned, two spaces apart, each as wide as its widest cell, no
 * trailing blanks: Juju's tabular output, which the operator's own tables ({@code status}, {@code
 * list-actions}, ...) follow too.
 */
public final class TextTable {
  private TextTable() {}

  /** {@code rows} (the first is the header, if any), one line each. */
  public static String render(List<String[]> rows) {
    int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] widths = new int[columns];
    for (String[] row : rows)
      for (int i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], row[i].length());
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(row[i]);
        if (i < row.length - 1) line.append(" ".repeat(widths[i] - row[i].length() + 2));
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
