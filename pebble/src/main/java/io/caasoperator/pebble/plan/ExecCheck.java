package io.caasoperator.pebble.plan;

/**
 * An {@code exec:} check: the command exits 0, run in its own context or that of {@code
 * service-context}.
 */
public record ExecCheck(String command, String serviceContext, RunContext context) {
  public ExecCheck merge(ExecCheck over) {
    return new ExecCheck(
        over.command.isEmpty() ? command : over.command,
        over.serviceContext.isEmpty() ? serviceContext : over.serviceContext,
        context.merge(over.context));
  }
}
