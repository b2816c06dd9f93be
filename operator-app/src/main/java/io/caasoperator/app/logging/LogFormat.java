package io.caasoperator.app.logging;

/**
 * How the operator's log records are written to stderr ({@code --log-format}, else {@code
 * $CAAS_LOG_FORMAT}). The constants are the words users type (and shell completion offers).
 */
public enum LogFormat {
  /** One line a record: ISO-8601 time with zone, level, logger, message (people, {@code grep}). */
  text,
  /**
   * One JSON object a line (logstash-logback-encoder): for log collectors such as Loki or
   * Elasticsearch.
   */
  json
}
