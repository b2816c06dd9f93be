package io.caasoperator.app.logging;

import java.util.Locale;

/**
 * The least severe of the operator's own records to write ({@code --log-level}, else {@code
 * $CAAS_LOG_LEVEL}). Libraries (Pekko, Slick, HikariCP) write warnings and errors only, whatever
 * this says: their INFO is about their internals, not the application.
 */
public enum LogLevel {
  trace,
  debug,
  info,
  warn,
  error;

  /** The level's name in logback's terms ({@code DEBUG}). */
  public String logbackName() {
    return name().toUpperCase(Locale.ROOT);
  }
}
