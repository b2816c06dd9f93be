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
import io.caasoperator.persistence.secret.SecretOwner;
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
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the operator of one application of a bundle, as {@code run --spec} starts the one
 * application of a specification: its own local substrate reading its entry of the bundle ({@link
 * BundleEntry}), its own secret store ({@code secrets|<app>}, its secrets removed with the
 * application) and tool views; the hook slots, the hook environment, the charm store, the data
 * directory and the listener are the model's, shared.
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

  /**
   * Each application's secrets: its store lives as long as the application is in the model; once
   * the model has removed it, its secrets go with it ({@link SecretRelay#leave}).
   */
  private final Map<ApplicationName, Secrets> secrets = new ConcurrentHashMap<>();

  /**
   * The removed applications' stores removing their secrets, by name: done once that is journaled
   * (or failed to be). The store of an application deployed again under the name starts only then,
   * so it never runs beside a leaving one on the same journal, and recovers no secret of the
   * removed one.
   */
  private final Map<ApplicationName, CompletionStage<Done>> leaving = new ConcurrentHashMap<>();

  /** How long a leaving store may take to journal the removal of its secrets. */
  private static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(30);

  /** Numbers the stores' actor names: a stopped store's name is free only once it has stopped. */
  private final AtomicInteger storeGeneration = new AtomicInteger();

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
    // a removed application's grants of them go with it, as Juju's Application.removeOps drops them
    secretRelay.grantsOf(SecretOwner.model(shared.config().modelName()), userSecrets);
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

  /**
   * The application's secrets, its store started the first time it is operated (after a removed
   * application of the same name's store has removed that one's secrets).
   */
  private Secrets secretsOf(ApplicationName application) {
    Secrets made = new Secrets(shared.cipher(), new SecretIds(shared.clock()));
    Secrets known = secrets.putIfAbsent(application, made);
    if (known != null) return known;
    secretRelay.join(application, made);
    leaving
        .getOrDefault(application, CompletableFuture.completedFuture(Done.getInstance()))
        .whenComplete((done, failure) -> startStore(application, made));
    return made;
  }

  private void startStore(ApplicationName application, Secrets made) {
    // not when the application was removed again meanwhile: it never had a store to empty
    if (secrets.get(application) != made) return;
    shared
        .system()
        .systemActorOf(
            SecretStore.create(application.value(), made, shared.clock()),
            "secrets-" + application + "-" + storeGeneration.incrementAndGet(),
            Props.empty());
  }

  @Override
  public void removing(ApplicationName application) {
    removing.add(application);
  }

  @Override
  public CompletionStage<Done> stopped(ApplicationName application) {
    CompletionStage<Done> released =
        removing.remove(application)
            ? leave(application)
            : CompletableFuture.completedFuture(Done.getInstance());
    LocalSubstrate substrate = substrates.remove(application);
    if (substrate != null) substrate.close();
    ToolViews gone = views.remove(application);
    if (gone != null) gone.applicationStopped();
    log.info("released the substrate of {}", application);
    return released;
  }

  /**
   * The model removed {@code application} and its operator stopped: its secrets leave the model and
   * its store journals their removal ({@link SecretRelay#leave}), then stops; the user secrets'
   * grants to it are revoked. Done once that is journaled or failed to be (logged).
   */
  private CompletionStage<Done> leave(ApplicationName application) {
    if (secrets.remove(application) == null)
      return CompletableFuture.completedFuture(Done.getInstance());
    CompletionStage<Done> left =
        secretRelay
            .leave(application, LEAVE_TIMEOUT, shared.system().scheduler())
            .whenComplete(
                (done, failure) -> {
                  if (failure == null) log.info("removed the secrets of {}", application);
                  else
                    log.warn(
                        "the secrets of the removed {} were not confirmed removed: {}",
                        application,
                        failure.toString());
                });
    // after every earlier store of the name, had one not finished leaving yet
    leaving.merge(
        application, left, (earlier, now) -> ended(earlier).thenCombine(ended(now), (a, b) -> a));
    return ended(left);
  }

  /** Done when {@code stage} is, whether it failed or not. */
  private static CompletionStage<Done> ended(CompletionStage<Done> stage) {
    return stage.handle((done, failure) -> Done.getInstance());
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
