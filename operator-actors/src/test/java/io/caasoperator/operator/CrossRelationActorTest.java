package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.charm.CharmFiles;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.Settled;
import io.caasoperator.testing.TestOperators;
import io.caasoperator.unit.ToolReply;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.javadsl.PersistenceTestKit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two applications related through the contract alone, as a model relates them: each operator
 * publishes its side ({@link RelationSides}), the test hands it to the other as {@link
 * OperatorActor.RemoteSideObserved}, and declares the relation to both ({@link
 * OperatorActor.RelationsDeclared}). Real operators and unit actors, hooks the test completes: each
 * unit runs Juju's order, the provider's leader's write in relation-created reaches the requirer's
 * relation-changed, and removing the relation runs departed then broken on both sides.
 */
class CrossRelationActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.withManualTime());

  private static final AtomicInteger ids = new AtomicInteger();

  @TempDir Path data;

  /** The operators by application, for the sides passed between them. */
  private final Map<String, ActorRef<OperatorActor.Command>> operators = new ConcurrentHashMap<>();

  /** The other application of each: where its sides go. */
  private final Map<String, String> other = new ConcurrentHashMap<>();

  /** Every publication of each application's sides, in order. */
  private final Map<String, List<List<RelationSide>>> publications = new ConcurrentHashMap<>();

  /** One application: its substrate, the hooks its units run, its operator. */
  private final class App {
    final ApplicationName name;
    final ScriptedExecutor hooks = new ScriptedExecutor();
    final FakeSubstrate substrate = new FakeSubstrate(hooks);
    final Path charm;
    ActorRef<OperatorActor.Command> operator;

    App(String prefix, String metadata, String endpoint) throws IOException {
      name = ApplicationName.of(prefix + ids.incrementAndGet());
      charm =
          CharmFiles.empty()
              .file("metadata.yaml", metadata)
              .hooks(hooks(endpoint))
              .writeDirectory(data.resolve(name + "-charm"));
    }

    /** Its charm's hooks: its lifecycle's and each of its relation's. */
    private static String[] hooks(String endpoint) {
      List<String> hooks =
          new ArrayList<>(
              List.of("install", "leader-elected", "leader-settings-changed", "config-changed"));
      hooks.addAll(List.of("start", "stop", "remove"));
      for (String kind : List.of("created", "joined", "changed", "departed", "broken"))
        hooks.add(endpoint + "-relation-" + kind);
      return hooks.toArray(String[]::new);
    }

    void start() {
      spawn();
      substrate.units(FakeSubstrate.alive(name, 0));
      substrate.application(
          FakeSubstrate.specified(name, charm, 0, Map.of(), Duration.ofMinutes(5)));
    }

    /** Its operator (again, after a restart: it recovers its journal). */
    void spawn() {
      OperatorDependencies alone =
          TestOperators.dependencies(name, substrate, hooks, data.resolve(name.value()), r -> {});
      RelationSides passOn =
          (application, sides) -> {
            publications
                .computeIfAbsent(
                    application, a -> new java.util.concurrent.CopyOnWriteArrayList<>())
                .add(sides);
            ActorRef<OperatorActor.Command> to = operators.get(other.get(application));
            for (RelationSide side : sides) to.tell(new OperatorActor.RemoteSideObserved(side));
          };
      operator =
          testKit.spawn(
              OperatorActor.create(RelatedOperators.related(alone, alone.units(), passOn)));
      operators.put(name.value(), operator);
    }

    ApplicationView status() {
      TestProbe<ApplicationView> reply = testKit.createTestProbe();
      operator.tell(new OperatorActor.GetStatus(reply.ref()));
      return reply.receiveMessage();
    }

    List<List<RelationSide>> published() {
      return publications.getOrDefault(name.value(), List.of());
    }

    UnitId unit() {
      return new UnitId(name, 0);
    }

    /** Runs {@code tool} in the running hook {@code call} of the unit; its outcome. */
    ToolReply tool(ScriptedExecutor.Call call, String tool, String... args) {
      return RelatedOperators.tool(testKit, operator, unit(), call, tool, args);
    }

    /** Completes the unit's next {@code count} hooks; their names with the remote unit. */
    List<String> complete(int count) {
      List<String> ran = new ArrayList<>();
      for (int i = 0; i < count; i++) ran.add(label(hooks.next()));
      return ran;
    }

    void settled() {
      hooks.expectNoHookStarted(Settled.operator(testKit, operator, unit()));
    }
  }

  /** The hook's name, with its remote unit when it has one; the hook succeeds. */
  private static String label(ScriptedExecutor.Call call) {
    String remote = call.invocation().environment().getOrDefault("JUJU_REMOTE_UNIT", "");
    call.succeed();
    return remote.isEmpty() ? call.hook() : call.hook() + " " + remote;
  }

  @Test
  void twoApplicationsRelatedThroughTheContractRunJujusHooksOnBothSidesUntilTheRelationIsRemoved()
      throws IOException {
    App db = new App("db", "name: db\nprovides:\n  database: {interface: pgsql}\n", "database");
    App wp = new App("wp", "name: wp\nrequires:\n  db: {interface: pgsql}\n", "db");
    other.put(db.name.value(), wp.name.value());
    other.put(wp.name.value(), db.name.value());
    db.start();
    wp.start();
    DeclaredRelation fromDb = new DeclaredRelation(0, "database", "pgsql", wp.name.value(), "db");
    DeclaredRelation fromWp = new DeclaredRelation(0, "db", "pgsql", db.name.value(), "database");
    db.operator.tell(new OperatorActor.RelationsDeclared(List.of(fromDb)));
    wp.operator.tell(new OperatorActor.RelationsDeclared(List.of(fromWp)));

    // the provider's leader writes its application databag in relation-created
    assertThat(db.complete(1)).containsExactly("install");
    ScriptedExecutor.Call created = db.hooks.next("database-relation-created");
    assertThat(created.invocation().environment())
        .containsEntry("JUJU_RELATION_ID", "database:0")
        .containsEntry("JUJU_REMOTE_APP", wp.name.value());
    assertThat(db.tool(created, "relation-set", "--app", "url=postgres://db").outcome().exitCode())
        .isZero();
    created.succeed();
    assertThat(db.complete(5))
        .containsExactly(
            "leader-elected",
            "config-changed",
            "start",
            "database-relation-joined " + wp.name + "/0",
            "database-relation-changed " + wp.name + "/0");
    db.settled();

    // once the requirer's operator holds the provider's side with that write, its unit runs
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                PersistenceTestKit.create(testKit.system())
                    .persistedInStorage(OperatorActor.persistenceId(wp.name.value()))
                    .stream()
                    .anyMatch(
                        e ->
                            e instanceof OperatorEvent.RemoteRelationChanged r
                                && r.applicationSettings().containsKey("url")));
    assertThat(wp.complete(5))
        .containsExactly(
            "install", "db-relation-created", "leader-elected", "config-changed", "start");
    ScriptedExecutor.Call appChanged = wp.hooks.next("db-relation-changed");
    assertThat(appChanged.invocation().environment())
        .containsEntry("JUJU_REMOTE_UNIT", "")
        .containsEntry("JUJU_REMOTE_APP", db.name.value());
    assertThat(wp.tool(appChanged, "relation-get", "--app", "url").outcome().stdout())
        .isEqualTo("postgres://db\n");
    appChanged.succeed();
    assertThat(wp.complete(2))
        .containsExactly(
            "db-relation-joined " + db.name + "/0", "db-relation-changed " + db.name + "/0");
    wp.settled();

    // status shows the relation with both sides' databags
    io.caasoperator.relation.RelationStatus seen = wp.status().relations().getFirst();
    assertThat(seen.id()).isEqualTo("db:0");
    assertThat(seen.type()).isEqualTo("regular");
    assertThat(seen.remoteApplication()).isEqualTo(db.name.value());
    assertThat(seen.units()).containsExactly(wp.name + "/0");
    assertThat(seen.remoteUnits()).containsExactly(db.name + "/0");
    assertThat(seen.remoteApplicationData()).containsEntry("url", "postgres://db");

    // published after each change only, the provider's side holding its unit and its write
    List<List<RelationSide>> sides = db.published();
    for (int i = 1; i < sides.size(); i++)
      assertThat(sides.get(i)).as("publication %d", i).isNotEqualTo(sides.get(i - 1));
    RelationSide dbSide = sides.getLast().getFirst();
    assertThat(dbSide.relationId()).isZero();
    assertThat(dbSide.units()).containsOnlyKeys(db.name + "/0");
    assertThat(dbSide.applicationSettings()).containsEntry("url", "postgres://db");

    // a restarted operator publishes its sides once after recovery, and its units run nothing
    testKit.stop(db.operator);
    int before = sides.size();
    db.spawn();
    await().atMost(Duration.ofSeconds(10)).until(() -> db.published().size() > before);
    assertThat(db.published().get(before)).isEqualTo(sides.get(before - 1));
    db.settled();
    wp.settled();

    // removing the relation: each side departs the other's unit, then breaks the relation
    db.operator.tell(new OperatorActor.RelationsDeclared(List.of()));
    wp.operator.tell(new OperatorActor.RelationsDeclared(List.of()));
    assertThat(db.complete(1)).containsExactly("database-relation-departed " + wp.name + "/0");
    ScriptedExecutor.Call broken = db.hooks.next("database-relation-broken");
    assertThat(broken.invocation().environment())
        .containsEntry("JUJU_REMOTE_APP", wp.name.value())
        .containsEntry("JUJU_REMOTE_UNIT", "");
    assertThat(db.tool(broken, "relation-ids", "database").outcome().stdout()).isEmpty();
    broken.succeed();
    assertThat(wp.complete(2))
        .containsExactly("db-relation-departed " + db.name + "/0", "db-relation-broken");
    db.settled();
    wp.settled();
    assertThat(wp.status().relations()).as("a removed relation is no longer shown").isEmpty();
  }
}
