package io.caasoperator.pebble.exec;

import io.caasoperator.pebble.plan.RunContext;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A validated {@code POST /v1/exec} body (api_exec.go {@code execPayload}): the command, the
 * context it runs in (already merged with its {@code service-context}), its timeout (empty: none)
 * and whether stderr has its own websocket ({@code split-stderr}).
 */
public record ExecRequest(
    List<String> command, RunContext context, Optional<Duration> timeout, boolean splitStderr) {
  public ExecRequest {
    if (command.isEmpty()) {
      throw new IllegalArgumentException("must specify command");
    }
    command = List.copyOf(command);
  }
}
