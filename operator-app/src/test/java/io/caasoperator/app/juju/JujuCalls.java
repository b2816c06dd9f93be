package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.app.discovery.OperatorRegistry;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code juju} in this JVM on a private home whose models have no operator running (none can start:
 * the launcher is {@code /bin/false}), for the tests of what each command does to the model's
 * files, its output and its exit code. By default bundles are not checked, status asks the (absent)
 * operator, relative paths start at the home and the clock is the system's; the {@code with...}
 * copies change one of these.
 *
 * @param home the juju home: models, the current model
 * @param running where operators would register (the operator registry's directory)
 * @param cwd the caller's directory: {@code deploy ./charm} starts there
 * @param check the bundle check an edit passes
 * @param status what the model's operator reports; empty: ask the operator, as {@code juju} does
 * @param clock the time status shows and models are added at
 */
public record JujuCalls(
    Path home,
    Path running,
    Path cwd,
    BundleCheck check,
    Optional<StatusSource> status,
    Clock clock) {

  /** The example model's charms (module directory: operator-app). */
  public static final Path EXAMPLE_CHARMS =
      Path.of("../examples/kv/charms").toAbsolutePath().normalize();

  /** The fixed instant tests that compare output see. */
  public static final Clock FIXED =
      Clock.fixed(Instant.parse("2026-11-27T10:00:00Z"), ZoneOffset.UTC);

  private static final ObjectMapper JSON = new ObjectMapper();

  public JujuCalls(Path home) {
    this(
        home,
        home.resolve(".running"),
        home,
        bundle -> List.of(),
        Optional.empty(),
        Clock.systemUTC());
  }

  /**
   * Calls from the example model's charms at {@link #FIXED}; operators register under {@code
   * state}.
   */
  public JujuCalls examples(Path state) {
    return new JujuCalls(home, state.resolve(".running"), EXAMPLE_CHARMS, check, status, FIXED);
  }

  public JujuCalls withCheck(BundleCheck check) {
    return new JujuCalls(home, running, cwd, check, status, clock);
  }

  public JujuCalls withStatus(StatusSource status) {
    return new JujuCalls(home, running, cwd, check, Optional.of(status), clock);
  }

  /**
   * Asserts that {@code call} was refused as Juju refuses: exit {@code code}, and exactly {@code
   * stderr} said (its {@code ERROR} line).
   */
  public static void assertRefused(Call call, int code, String stderr) {
    assertThat(call.code()).isEqualTo(code);
    assertThat(call.stderr()).isEqualTo(stderr);
  }

  public record Call(int code, String stdout, String stderr) {
    public JsonNode json() throws Exception {
      return JSON.readTree(stdout);
    }
  }

  /** A context whose output goes nowhere (commands' helpers called directly). */
  JujuContext context() {
    return context("", new StringWriter(), new StringWriter());
  }

  public Call juju(String... args) {
    return answering("", args);
  }

  /** A call with {@code stdin} as its standard input (the {@code destroy-model} prompt). */
  public Call answering(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = JujuCli.execute(context(stdin, out, err), args);
    return new Call(code, out.toString(), err.toString());
  }

  private JujuContext context(String stdin, StringWriter out, StringWriter err) {
    LocalModelOperators operators =
        new LocalModelOperators(new OperatorRegistry(running), List.of("/bin/false"), false);
    return new JujuContext(
        new ModelStore(home),
        operators,
        new LocalCharms(),
        check,
        status.orElseGet(() -> new OperatorStatus(operators)),
        cwd,
        Map.of(),
        clock,
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintWriter(out),
        new PrintWriter(err));
  }
}
