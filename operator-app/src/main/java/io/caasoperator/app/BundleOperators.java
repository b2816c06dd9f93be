package io.caasoperator.app;

import io.caasoperator.charm.CharmStore;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.hook.BoundedHookExecutor;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.model.runtime.ApplicationOperators;
import io.caasoperator.model.runtime.SecretRelay;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.operator.OperatorDependencies;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretIds;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.substrate.local.BundleEntry;
import io.caasoperator.substrate.local.LocalSubstrate;
import io.caasoperator.substrate.local.LocalWorkloads;
import io.caasoperator.unit.ToolViews;
import io.caasoperator.unit.UnitDependencies;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the operator of one application of a bundle, as {@code run --spec} starts the one
 * application of a specification: its own local substrate reading its entry of the bundle ({@link
 * BundleEntry}), its own secret store ({@code secrets|<app>}) and tool views; the hook slots, the
 * hook environment, the charm store, the data directory and the listener are the model's, shared.
 */
final class BundleOperators implements ApplicationOperators {
  private static final Logger log = LoggerFactory.getLogger(BundleOperators.class);

  /** What every application of the model shares. */
  record Shared(
      ActorSystem<?> system,
      OperatorConfig config,
      Path bundle,
      Path agentsDir,
      Path charmsDir,
      CharmStore charms,
      LocalProcessExecutor processes,
      BoundedHookExecutor executor,
      HookEnvironment environment,
      HookContexts contexts,
      LocalWorkloads workloads,
      java.util.concurrent.ExecutorService blocking,
      SecretCipher cipher,
      Clock clock) {}

  private final Shared shared;
  private final Map<ApplicationName, LocalSubstrate> substrates = new ConcurrentHashMap<>();
  private final Map<ApplicationName, ToolViews> views = new ConcurrentHashMap<>();

  /**
   * Applications the model removed: each one's substrate tears it down whatever the bundle says
   * ({@link BundleEntry#removedByModel}), until its operator stops.
   */
  private final Set<ApplicationName> removing = ConcurrentHashMap.newKeySet();

  /** Each application's secrets: its store lives as long as the process, as in a single run. */
  private final Map<ApplicationName, Secrets> secrets = new ConcurrentHashMap<>();

  /** The model's secrets across its applications: granted secrets, secret-changed. */
  private final SecretRelay secretRelay = new SecretRelay();

  /**
   * The model's own secrets, user secrets ({@code juju add-secret}), journaled as {@code
   * secrets|model:<model>} and sealed with the same key as the applications'; started with the
   * model, as they outlive every application.
   */
  private final Secrets userSecrets;

  /** The user secrets' name as a source of the {@link SecretRelay}. */
  private static final String USER_SECRETS = "user-secrets";

  BundleOperators(Shared shared) {
    this.shared = shared;
    this.userSecrets = new Secrets(shared.cipher(), new SecretIds(shared.clock()));
    // the applications' units read a user secret granted to them (juju grant-secret) as any other
    // owner's, and run secret-changed when it gets a new revision
    secretRelay.add(USER_SECRETS, userSecrets::offered);
    userSecrets.joinModel(
        secretRelay, secretRelay, () -> secretRelay.sourcePublished(USER_SECRETS));
    shared
        .system()
        .systemActorOf(
            SecretStore.create(
                SecretStore.ofModel(shared.config().modelName()), userSecrets, shared.clock()),
            "secrets-model",
            Props.empty());
  }

  /**
   * The model's user secrets: their store, state and cipher (a consumer's hook tools read a granted
   * one through {@link Secrets#book} and {@code SecretsState.Secret#grantedTo}).
   */
  Secrets userSecrets() {
    return userSecrets;
  }

  @Override
  public Behavior<OperatorActor.Command> operate(
      ApplicationName application, RelationSides sides, Consumer<String> onGone) {
    OperatorConfig config = shared.config();
    LocalSubstrate substrate =
        new LocalSubstrate(
            shared.bundle(),
            new BundleEntry(application, () -> removing.contains(application)),
            shared.agentsDir(),
            shared.processes(),
            config.specPollInterval(),
            config.specQuietPeriod(),
            shared.clock(),
            shared.workloads());
    LocalSubstrate before = substrates.put(application, substrate);
    if (before != null) before.close();
    ToolViews toolViews = new ToolViews();
    views.put(application, toolViews);
    UnitDependencies units =
        new UnitDependencies(
            shared.executor(),
            shared.agentsDir(),
            shared.charmsDir(),
            shared.environment(),
            config.hookRetry(),
            config.hookTimeout(),
            config.hookOutputLimit(),
            config.execOutputLimit(),
            shared.contexts(),
            shared.clock(),
            io.caasoperator.unit.PodWait.DEFAULT,
            toolViews,
            secretsOf(application));
    return OperatorActor.create(
        new OperatorDependencies(
            application,
            substrate,
            shared.charms(),
            units,
            config.charmRetry(),
            shared.blocking(),
            shared.clock(),
            onGone,
            sides));
  }

  /** The application's secrets, its store started the first time it is operated. */
  private Secrets secretsOf(ApplicationName application) {
    return secrets.computeIfAbsent(
        application,
        app -> {
          Secrets made = new Secrets(shared.cipher(), new SecretIds(shared.clock()));
          secretRelay.join(app, made);
          shared
              .system()
              .systemActorOf(
                  SecretStore.create(app.value(), made, shared.clock()),
                  "secrets-" + app,
                  Props.empty());
          return made;
        });
  }

  @Override
  public void removing(ApplicationName application) {
    removing.add(application);
  }

  @Override
  public void stopped(ApplicationName application) {
    removing.remove(application);
    LocalSubstrate substrate = substrates.remove(application);
    if (substrate != null) substrate.close();
    ToolViews gone = views.remove(application);
    if (gone != null) gone.applicationStopped();
    log.info("released the substrate of {}", application);
  }

  /** The tool views of an application operated now. */
  Optional<ToolViews> views(ApplicationName application) {
    return Optional.ofNullable(views.get(application));
  }

  /** Stops every substrate (shutdown). */
  void closeAll() {
    substrates.values().forEach(LocalSubstrate::close);
    substrates.clear();
  }
}
