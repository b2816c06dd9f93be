package io.caasoperator.app.logging;

import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;

/**
 * Logback's own messages about its configuration, errors only, one line each on stderr. Without a
 * status listener logback prints its whole configuration log (some thirty lines) when any message
 * is a warning, and {@code logback.xml} always has one: the appender of the format not chosen is
 * "not referenced". Logback's {@code OnErrorConsoleStatusListener} prints every level.
 */
public final class ErrorStatusListener extends ContextAwareBase implements StatusListener {

  @Override
  public void addStatusEvent(Status status) {
    if (status.getLevel() < Status.ERROR) return;
    Throwable cause = status.getThrowable();
    System.err.println(
        "caas-operator: logging: " + status.getMessage() + (cause == null ? "" : ": " + cause));
  }
}
