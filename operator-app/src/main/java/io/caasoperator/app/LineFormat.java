package io.caasoperator.app;

/**
 * {@code --format} of {@code journal}, which prints one event a line as events come (also while
 * following): text for people, json for one JSON object a line (NDJSON, as {@code journal export}
 * writes). YAML has no one-record-a-line form, so it is not offered.
 */
enum LineFormat {
  text,
  json
}
