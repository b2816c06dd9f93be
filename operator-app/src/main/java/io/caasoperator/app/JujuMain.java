package io.caasoperator.app;

import io.caasoperator.app.juju.JujuCli;
import io.caasoperator.app.juju.JujuContext;
import io.caasoperator.app.juju.JujuHome;
import io.caasoperator.app.juju.LocalCharms;
import io.caasoperator.app.juju.LocalModelOperators;
import io.caasoperator.app.juju.ModelOperators;
import io.caasoperator.app.juju.ModelStore;
import io.caasoperator.app.juju.OperatorStatus;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * {@code juju} in its own JVM ({@code bin/juju}): the commands of {@code app.juju} wired to this
 * machine — the user's juju home, the operators' registry, charms loaded as the operator loads
 * them, a bundle checked as {@code validate --bundle} checks it, and {@code caas-operator} to start
 * a model's operator with.
 */
public final class JujuMain {
  private JujuMain() {}

  /** Set by {@code bin/juju}: the {@code caas-operator} launcher beside it. */
  static final String LAUNCHER_PROPERTY = "caas.operator.launcher";

  public static void main(String[] args) {
    System.exit(JujuCli.execute(context(System.getenv()), args));
  }

  static JujuContext context(Map<String, String> env) {
    ModelOperators operators =
        new LocalModelOperators(
            OperatorConfig.registry(env),
            operatorCommand(),
            LocalModelOperators.RUN_BUNDLE_AVAILABLE);
    return new JujuContext(
        new ModelStore(JujuHome.choose(env)),
        operators,
        new LocalCharms(),
        bundle -> BundleValidation.of(bundle).problems(),
        new OperatorStatus(operators),
        Path.of("").toAbsolutePath(),
        env,
        Clock.systemUTC(),
        System.in,
        new PrintWriter(System.out, false, StandardCharsets.UTF_8),
        new PrintWriter(System.err, false, StandardCharsets.UTF_8));
  }

  /** {@code bin/caas-operator}, else this JVM with this class path running {@link Main}. */
  static List<String> operatorCommand() {
    String launcher = System.getProperty(LAUNCHER_PROPERTY);
    if (launcher != null && !launcher.isBlank()) return List.of(launcher);
    String java = ProcessHandle.current().info().command().orElse("java");
    return List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName());
  }
}
