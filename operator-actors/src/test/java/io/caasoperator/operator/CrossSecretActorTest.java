package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.charm.CharmFiles;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.model.runtime.SecretRelay;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretIds;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.Settled;
import io.caasoperator.testing.TestOperators;
import io.caasoperator.unit.ToolReply;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secret across two applications related through the contract, as a model relates them: real
 * operators, unit actors and secret stores joined by a {@link SecretRelay}, hooks the test
 * completes. The owner's leader adds a secret and grants it over the relation; the consumer's unit
 * reads it (tracking revision 1); the owner publishes revision 2 and the consumer's unit runs
 * {@code secret-changed} once, reading its tracked revision, then the new one with {@code
 * --refresh}; a consumer restarted mid-hook runs it again once; after {@code secret-revoke} it is
 * denied.
 */
class CrossSecretActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.withManualTime());

  private static final AtomicInteger ids = new AtomicInteger();

  @TempDir Path data;

  private final SecretRelay relay = new SecretRelay();
  private final Map<String, ActorRef<OperatorActor.Command>> operators = new ConcurrentHashMap<>();
  private final Map<String, String> other = new ConcurrentHashMap<>();

  private final class App {
    final ApplicationName name;
    final ScriptedExecutor hooks = new ScriptedExecutor();
    final FakeSubstrate substrate = new FakeSubstrate(hooks);
    final Secrets secrets =
        new Secrets(SecretCipher.withRandomKey(), new SecretIds(Clock.systemUTC()));
    final Path charm;
    ActorRef<OperatorActor.Command> operator;
    ActorRef<SecretStore.Command> store;
    int charmVersion;

    App(String prefix, String metadata, String endpoint) throws IOException {
      name = ApplicationName.of(prefix + ids.incrementAndGet());
      List<String> hooks =
          new ArrayList<>(
              List.of(
                  "install",
                  "leader-elected",
                  "config-changed",
                  "start",
                  "upgrade-charm",
                  "secret-changed"));
      for (String kind : List.of("created", "joined", "changed", "departed", "broken"))
        hooks.add(endpoint + "-relation-" + kind);
      charm =
          CharmFiles.empty()
              .file("metadata.yaml", metadata)
              .hooks(hooks.toArray(String[]::new))
              .writeDirectory(data.resolve(name + "-charm"));
      relay.join(name, secrets);
    }

    void start() {
      spawn();
      substrate.units(FakeSubstrate.alive(name, 0));
      specify();
    }

    /** The specification again, its charm modified: its unit runs upgrade-charm. */
    void specify() {
      substrate.application(
          FakeSubstrate.specified(name, charm, charmVersion++, Map.of(), Duration.ofMinutes(5)));
    }

    /** Its secret store and operator (again, after a restart: they recover their journals). */
    void spawn() {
      store = testKit.spawn(SecretStore.create(name.value(), secrets, Clock.systemUTC()));
      OperatorDependencies alone =
          TestOperators.dependencies(name, substrate, hooks, data.resolve(name.value()), r -> {});
      RelationSides passOn =
          (application, sides) -> {
            ActorRef<OperatorActor.Command> to = operators.get(other.get(application));
            for (RelationSide side : sides) to.tell(new OperatorActor.RemoteSideObserved(side));
          };
      operator =
          testKit.spawn(
              OperatorActor.create(
                  RelatedOperators.related(alone, alone.units().withSecrets(secrets), passOn)));
      operators.put(name.value(), operator);
    }

    void stop() {
      testKit.stop(operator);
      testKit.stop(store);
    }

    UnitId unit() {
      return new UnitId(name, 0);
    }

    ToolReply tool(ScriptedExecutor.Call call, String tool, String... args) {
      return RelatedOperators.tool(testKit, operator, unit(), call, tool, args);
    }

    String out(ScriptedExecutor.Call call, String tool, String... args) {
      ToolReply reply = tool(call, tool, args);
      assertThat(reply.outcome().exitCode()).as(reply.outcome().stderr()).isZero();
      return reply.outcome().stdout();
    }

    SecretsState secretState() {
      TestProbe<SecretsState> reply = testKit.createTestProbe();
      store.tell(new SecretStore.GetState(reply.ref()));
      return reply.receiveMessage();
    }

    /** Completes hooks until {@code hook} starts; that one is left running. */
    ScriptedExecutor.Call until(String hook) {
      for (int i = 0; i < 20; i++) {
        ScriptedExecutor.Call call = hooks.next();
        if (call.hook().equals(hook)) return call;
        call.succeed();
      }
      throw new AssertionError(hook + " never ran on " + name);
    }
  }

  /** db and wp related over relation 0, db's secret {@code uri} ({@code id}) granted to wp. */
  private record Granted(App db, App wp, String uri, String id) {}

  /**
   * db (the owner) and wp (the consumer) related; the owner's leader adds a secret, grants it over
   * the relation and names it in its bag; every hook so far completed.
   */
  private Granted granted() throws IOException {
    App db = new App("db", "name: db\nprovides:\n  database: {interface: pgsql}\n", "database");
    App wp = new App("wp", "name: wp\nrequires:\n  db: {interface: pgsql}\n", "db");
    relate(db, "database", wp, "db");
    ScriptedExecutor.Call created = db.until("database-relation-created");
    String uri = db.out(created, "secret-add", "password=one").strip();
    db.out(created, "secret-grant", uri, "-r", "database:0");
    db.out(created, "relation-set", "--app", "secret=" + uri);
    created.succeed();
    drain(db, wp);
    return new Granted(db, wp, uri, uri.substring("secret:".length()));
  }

  @Test
  void aSecretGrantedOverARelationIsReadTrackedChangedAndRevokedAcrossApplications()
      throws IOException {
    Granted granted = granted();
    App db = granted.db();
    App wp = granted.wp();
    String uri = granted.uri();
    String id = granted.id();

    // the consumer reads it: revision 1, its label recorded; it reads no metadata
    wp.specify();
    ScriptedExecutor.Call reading = wp.until("upgrade-charm");
    assertThat(wp.out(reading, "relation-get", "-r", "db:0", "--app", "secret", db.name.value()))
        .isEqualTo(uri + "\n");
    assertThat(wp.out(reading, "secret-get", uri, "--label", "db-creds"))
        .isEqualTo("password: one\n");
    assertThat(wp.out(reading, "secret-get", "--label", "db-creds", "--peek"))
        .isEqualTo("password: one\n");
    assertThat(wp.tool(reading, "secret-info-get", uri).outcome().stderr())
        .isEqualTo("ERROR secret \"" + id + "\" not found\n");
    reading.succeed();
    wp.until("config-changed").succeed();
    drain(db, wp);
    assertThat(wp.secretState().consumption(wp.name + "/0", id))
        .hasValueSatisfying(
            c -> {
              assertThat(c.revision()).isEqualTo(1);
              assertThat(c.label()).isEqualTo("db-creds");
            });

    // the owner publishes revision 2 in a hook that completes
    publish(db, uri, "password=two");

    // the consumer runs secret-changed once, reading its tracked revision, then the new one
    ScriptedExecutor.Call secretChanged = wp.hooks.next("secret-changed");
    assertThat(secretChanged.invocation().environment())
        .containsEntry("JUJU_SECRET_ID", uri)
        .containsEntry("JUJU_SECRET_LABEL", "db-creds");
    assertThat(wp.out(secretChanged, "secret-get", uri)).isEqualTo("password: one\n");
    assertThat(wp.out(secretChanged, "secret-get", uri, "--refresh")).isEqualTo("password: two\n");
    secretChanged.succeed();
    drain(db, wp);

    // revision 3; the consumer is restarted while its secret-changed runs: it runs once more only
    publish(db, uri, "password=three");
    ScriptedExecutor.Call interrupted = wp.hooks.next("secret-changed");
    wp.stop();
    wp.spawn();
    ScriptedExecutor.Call again = wp.hooks.next("secret-changed");
    assertThat(wp.out(again, "secret-get", "--label", "db-creds", "--refresh"))
        .isEqualTo("password: three\n");
    again.succeed();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> wp.secretState().consumption(wp.name + "/0", id).orElseThrow().notified() == 3);
    assertThat(wp.secretState().consumption(wp.name + "/0", id).orElseThrow().revision())
        .isEqualTo(3);
    wp.hooks.expectNoHookStarted(Settled.operator(testKit, wp.operator, wp.unit()));
    drain(db, wp);

    // revoked: the consumer's next read is denied
    db.specify();
    ScriptedExecutor.Call revoking = db.until("upgrade-charm");
    db.out(revoking, "secret-revoke", uri, "-r", "database:0");
    revoking.succeed();
    drain(db, wp);
    wp.specify();
    ScriptedExecutor.Call denied = wp.until("upgrade-charm");
    assertThat(wp.tool(denied, "secret-get", uri).outcome().stderr())
        .isEqualTo("ERROR permission denied\n");
    denied.succeed();
    drain(db, wp);
  }

  @Test
  void aRemovedOwnersSecretIsGoneForItsConsumerWhichIsToldSoByName() throws Exception {
    Granted granted = granted();
    App db = granted.db();
    App wp = granted.wp();
    String uri = granted.uri();
    wp.specify();
    ScriptedExecutor.Call reading = wp.until("upgrade-charm");
    assertThat(wp.out(reading, "secret-get", uri, "--label", "db-creds"))
        .isEqualTo("password: one\n");
    reading.succeed();
    wp.until("config-changed").succeed();
    drain(db, wp);

    // the model removed db: its operator stopped, its secrets leave with it
    testKit.stop(db.operator);
    relay
        .leave(db.name, Duration.ofSeconds(10), testKit.scheduler())
        .toCompletableFuture()
        .get(10, java.util.concurrent.TimeUnit.SECONDS);

    // the consumer runs no secret-changed for it, and reading it names what is gone
    wp.hooks.expectNoHookStarted(Settled.operator(testKit, wp.operator, wp.unit()));
    wp.specify();
    ScriptedExecutor.Call after = wp.until("upgrade-charm");
    String gone = "ERROR secret \"" + granted.id() + "\" not found\n";
    assertThat(wp.tool(after, "secret-get", uri).outcome().stderr()).isEqualTo(gone);
    assertThat(wp.tool(after, "secret-get", "--label", "db-creds").outcome().stderr())
        .as("by the label it gave it")
        .isEqualTo(gone);
    after.succeed();
    wp.until("config-changed").succeed();
    drain(wp);
  }

  /** Starts both, related as the model relates them: relation 0, each one's sides to the other. */
  private void relate(App provider, String provides, App requirer, String requires) {
    for (App app : List.of(provider, requirer)) {
      other.put(app.name.value(), (app == provider ? requirer : provider).name.value());
      app.start();
    }
    provider.operator.tell(
        new OperatorActor.RelationsDeclared(
            List.of(new DeclaredRelation(0, provides, "pgsql", requirer.name.value(), requires))));
    requirer.operator.tell(
        new OperatorActor.RelationsDeclared(
            List.of(new DeclaredRelation(0, requires, "pgsql", provider.name.value(), provides))));
  }

  /** {@code owner}'s leader sets {@code content} as the secret's new revision in upgrade-charm. */
  private static void publish(App owner, String uri, String content) {
    owner.specify();
    ScriptedExecutor.Call setting = owner.until("upgrade-charm");
    owner.out(setting, "secret-set", uri, content);
    setting.succeed();
  }

  /** Lets every hook of {@code apps} succeed until none has one left to run. */
  private static void drain(App... apps) {
    boolean ran = true;
    while (ran) {
      ran = false;
      for (App app : apps) {
        Settled.operator(testKit, app.operator, app.unit());
        java.util.Optional<ScriptedExecutor.Call> call = app.hooks.started();
        if (call.isPresent()) {
          call.get().succeed();
          ran = true;
        }
      }
    }
  }
}
