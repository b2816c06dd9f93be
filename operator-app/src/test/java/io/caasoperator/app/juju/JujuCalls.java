package io.caasoperator.app.juju;

import io.caasoperator.app.discovery.OperatorRegistry;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * {@code juju} in this JVM on a private home whose models have no operator running (none can start:
 * the launcher is {@code /bin/false}), for tests of what a command refuses before it asks one.
 */
final class JujuCalls {
  private final Path home;

  JujuCalls(Path home) {
    this.home = home;
  }

  record Call(int code, String stdout, String stderr) {}

  /** A context whose output goes nowhere (commands' helpers called directly). */
  JujuContext context() {
    return context("", new StringWriter(), new StringWriter());
  }

  Call juju(String... args) {
    return answering("", args);
  }

  Call answering(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = JujuCli.execute(context(stdin, out, err), args);
    return new Call(code, out.toString(), err.toString());
  }

  private JujuContext context(String stdin, StringWriter out, StringWriter err) {
    LocalModelOperators operators =
        new LocalModelOperators(
            new OperatorRegistry(home.resolve(".running")), List.of("/bin/false"), false);
    return new JujuContext(
        new ModelStore(home),
        operators,
        new LocalCharms(),
        bundle -> List.of(),
        new OperatorStatus(operators),
        home,
        Map.of(),
        Clock.systemUTC(),
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintWriter(out),
        new PrintWriter(err));
  }
}
