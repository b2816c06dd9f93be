package io.caasoperator.app;

import io.caasoperator.app.juju.JujuCli;
import io.caasoperator.app.juju.JujuContext;
import io.caasoperator.app.juju.JujuHome;
import io.caasoperator.app.juju.JujuListener;
import io.caasoperator.app.juju.LocalCharms;
import io.caasoperator.app.juju.LocalModelOperators;
import io.caasoperator.app.juju.ModelOperators;
import io.caasoperator.app.juju.ModelStore;
import io.caasoperator.app.juju.OperatorStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
    return context(env, JujuHome.choose(env));
  }

  /**
   * The cheap path's listener ({@code docs/juju.md}, "How a call stays cheap") for an operator that
   * runs a model {@code juju add-model} made: its data directory is {@code
   * <home>/models/<name>/data}, beside the model's {@code model.properties}. {@code bin/juju}'s
   * shim then sends the calls on this model here instead of starting a JVM. Empty for any other
   * run.
   */
  static Optional<JujuListener> listenIn(Path dataDir) throws IOException {
    Path data = dataDir.toAbsolutePath().normalize();
    Path model = data.getParent();
    Path models = model == null ? null : model.getParent();
    if (models == null
        || models.getParent() == null
        || !data.getFileName().toString().equals("data")
        || !models.getFileName().toString().equals("models")
        || !Files.isRegularFile(model.resolve("model.properties"))) return Optional.empty();
    JujuContext base = context(System.getenv(), models.getParent());
    return Optional.of(JujuListener.open(data, call -> JujuListener.contextFor(base, call)));
  }

  private static JujuContext context(Map<String, String> env, Path home) {
    ModelOperators operators =
        new LocalModelOperators(
            OperatorConfig.registry(env),
            operatorCommand(),
            LocalModelOperators.RUN_BUNDLE_AVAILABLE);
    return new JujuContext(
        new ModelStore(home),
        operators,
        new LocalCharms(),
        bundle -> BundleValidation.of(bundle).problems(),
        new OperatorStatus(operators),
        Path.of("").toAbsolutePath(),
        env,
        Clock.systemDefaultZone(),
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
