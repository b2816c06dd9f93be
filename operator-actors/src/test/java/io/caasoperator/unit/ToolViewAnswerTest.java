package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.RunningAction;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The read-only path answers exactly what the unit's actor would, and leaves to the actors every
 * call that changes something or needs what only the operator holds.
 */
class ToolViewAnswerTest {
  private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
  private static final UnitId UNIT = UnitId.of("mariadb", 0);
  private static final ApplicationSnapshot APP =
      new ApplicationSnapshot(
          "test",
          config(),
          Map.of("shared", "from-0", "empty", ""),
          Status.of("active", "led by mariadb/0", Instant.EPOCH),
          "1.2.3",
          List.of(new PeerUnit(UNIT, Life.ALIVE, Status.of("active", "", Instant.EPOCH))));
  private static final UnitState INSTALLING =
      UnitState.initial(UNIT)
          .apply(new UnitEvent.LeadershipAssigned(true, Instant.EPOCH))
          .apply(
              new UnitEvent.HookStarted(
                  PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", Instant.EPOCH))
          .apply(
              new UnitEvent.WorkloadStatusSet(
                  Status.of("maintenance", "installing", Instant.EPOCH), Instant.EPOCH))
          .apply(new UnitEvent.CharmStateSet("installed-by", "mariadb/0", Instant.EPOCH))
          .apply(new UnitEvent.PortOpened("8080/tcp", Instant.EPOCH));
  private static final HookContexts.HookContext HOOK =
      new HookContexts.HookContext(UNIT, "ctx", "install");
  private static final Incarnation.Work RUNNING_HOOK =
      new Incarnation.Work.Hook(new HookLauncher.Context("ctx", "t"), 0);

  /** Every read a charm makes, as ops and bash charms spell them. */
  private static final List<List<String>> READS =
      List.of(
          List.of("config-get"),
          List.of("config-get", "--format=json"),
          List.of("config-get", "greeting"),
          List.of("config-get", "missing"),
          List.of("config-get", "--all", "--format=yaml"),
          List.of("is-leader"),
          List.of("is-leader", "--format=json"),
          List.of("leader-get"),
          List.of("leader-get", "shared"),
          List.of("leader-get", "--format=json"),
          List.of("status-get"),
          List.of("status-get", "--include-data", "--application=False", "--format=json"),
          List.of("status-get", "--application"),
          List.of("state-get"),
          List.of("state-get", "installed-by"),
          List.of("state-get", "--format=json"),
          List.of("opened-ports"),
          List.of("opened-ports", "--format=json"),
          List.of("storage-list"),
          List.of("storage-get", "-s", "data/0"),
          List.of("credential-get"),
          List.of("juju-reboot"),
          List.of("action-get"),
          List.of("juju-log", "--log-level", "DEBUG", "--", "hello"),
          List.of("config-get", "--bogus"),
          List.of("status-set", "--help"),
          List.of("no-such-tool"));

  private static Map<String, Object> config() {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("greeting", "hi");
    config.put("port", 8080L);
    config.put("loud", false);
    config.put("unset", null);
    return config;
  }

  private static ToolViews published(UnitState state, ApplicationSnapshot app) {
    ToolViews views = new ToolViews();
    views.unitChanged(state);
    if (app != null) views.applicationChanged(app);
    return views;
  }

  private static ToolViewAnswer.Result fromViews(
      HookContexts.HookContext context, UnitState state, List<String> call) {
    return ToolViewAnswer.answer(
        context, published(state, APP), call.get(0), call.subList(1, call.size()), "", NOW);
  }

  private static UnitToolCall fromTheActor(
      UnitState state, Incarnation.Work running, List<String> call) {
    return UnitToolCall.run(
        new UnitActor.RunHookTool("ctx", call.get(0), call.subList(1, call.size()), "", APP, null),
        state,
        running,
        NOW);
  }

  @Test
  void everyReadIsAnsweredExactlyAsTheUnitsActorWouldAnswerIt() {
    for (List<String> read : READS) {
      ToolViewAnswer.Result result = fromViews(HOOK, INSTALLING, read);

      assertThat(result).as("%s", read).isInstanceOf(ToolViewAnswer.Result.Answered.class);
      assertThat(((ToolViewAnswer.Result.Answered) result).outcome())
          .as("%s", read)
          .isEqualTo(fromTheActor(INSTALLING, RUNNING_HOOK, read).outcome());
    }
  }

  @Test
  void anActionsParametersAreReadFromItsContext() {
    var action = new ActionRun("backup", Map.of("to", "/tmp"));
    var exec = new UnitActor.RunExec("./backup", Duration.ofSeconds(30), action, null);
    var running =
        new Incarnation.Work.Exec(new HookLauncher.Context("ctx", "t"), exec, ContextDraft.PROCESS);
    var context =
        new HookContexts.HookContext(
            UNIT, "ctx", null, new RunningAction("backup", Map.of("to", "/tmp")));
    UnitState idle = UnitState.initial(UNIT);

    for (List<String> read :
        List.of(
            List.of("action-get"),
            List.of("action-get", "to"),
            List.of("action-get", "--format=json"))) {
      assertThat(fromViews(context, idle, read))
          .as("%s", read)
          .isEqualTo(
              new ToolViewAnswer.Result.Answered(fromTheActor(idle, running, read).outcome()));
    }
  }

  @Test
  void aReadAfterTheHooksOwnWriteSeesIt() {
    List<List<String>> writes =
        List.of(
            List.of("status-set", "active", "ready"),
            List.of("state-set", "k=v"),
            List.of("state-delete", "installed-by"),
            List.of("open-port", "9090"),
            List.of("close-port", "8080"));
    for (List<String> write : writes) {
      UnitState after = INSTALLING;
      for (UnitEvent event : fromTheActor(INSTALLING, RUNNING_HOOK, write).unitEvents())
        after = after.apply(event);
      for (List<String> read : READS) {
        assertThat(fromViews(HOOK, after, read))
            .as("%s after %s", read, write)
            .isEqualTo(
                new ToolViewAnswer.Result.Answered(
                    fromTheActor(after, RUNNING_HOOK, read).outcome()));
      }
    }
  }

  @Test
  void writesAreLeftToTheActorsAndThoseOfTheApplicationSaySo() {
    assertThat(fromViews(HOOK, INSTALLING, List.of("status-set", "active")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    assertThat(fromViews(HOOK, INSTALLING, List.of("state-set", "a=b")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    assertThat(fromViews(HOOK, INSTALLING, List.of("open-port", "80")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    assertThat(fromViews(HOOK, INSTALLING, List.of("status-set", "--application", "active")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(true));
    assertThat(fromViews(HOOK, INSTALLING, List.of("leader-set", "a=b")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(true));
    assertThat(fromViews(HOOK, INSTALLING, List.of("application-version-set", "2.0")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(true));
  }

  @Test
  void whatListsTheApplicationsUnitsIsLeftToTheOperator() {
    assertThat(fromViews(HOOK, INSTALLING, List.of("goal-state")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    assertThat(fromViews(HOOK, INSTALLING, List.of("status-get", "--application", "--format=json")))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
  }

  @Test
  void nothingIsAnsweredBeforeBothTheUnitAndTheApplicationArePublished() {
    assertThat(
            ToolViewAnswer.answer(
                HOOK, published(INSTALLING, null), "is-leader", List.of(), "", NOW))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    assertThat(ToolViewAnswer.answer(HOOK, new ToolViews(), "is-leader", List.of(), "", NOW))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    ToolViews stopped = published(INSTALLING, APP);
    stopped.unitStopped(UNIT);
    assertThat(ToolViewAnswer.answer(HOOK, stopped, "is-leader", List.of(), "", NOW))
        .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
  }

  @Test
  void theReadsCoverEveryToolThatChangesNothing() {
    // a tool added later is either in READS or changes something: this test then names it
    List<String> covered = new ArrayList<>(READS.stream().map(r -> r.get(0)).distinct().toList());
    List<String> writes =
        List.of(
            "status-set",
            "leader-set",
            "state-set",
            "state-delete",
            "open-port",
            "close-port",
            "application-version-set",
            "action-set",
            "action-log",
            "action-fail",
            "goal-state",
            "storage-add",
            "relation-set");
    List<String> unknown = new ArrayList<>(io.caasoperator.hooktool.catalogue.HookTools.NAMES);
    unknown.removeAll(covered);
    unknown.removeAll(writes);
    unknown.removeAll(OPERATORS_OWN);
    // a hook's pending secret changes are its actor's: every secret tool asks it
    unknown.removeIf(tool -> tool.startsWith("secret-"));
    assertThat(unknown).isEmpty();
  }

  /**
   * Reads of what only the operator knows now (addresses, resources), and of relations (the hook's
   * own unrecorded databag writes are the unit actor's): not in the views.
   */
  private static final List<String> OPERATORS_OWN =
      List.of(
          "unit-get",
          "network-get",
          "resource-get",
          "relation-ids",
          "relation-list",
          "relation-get");

  @Test
  void readsOfWhatOnlyTheOperatorKnowsAskTheActors() {
    for (List<String> read :
        List.of(
            List.of("unit-get", "private-address"),
            List.of("network-get", "db"),
            List.of("resource-get", "image"),
            List.of("relation-ids", "db", "--format=json"),
            List.of("relation-list", "-r", "0"),
            List.of("relation-get", "-r", "0", "-", "mariadb/1"))) {
      assertThat(fromViews(HOOK, INSTALLING, read))
          .as("%s", read)
          .isEqualTo(new ToolViewAnswer.Result.AskTheActors(false));
    }
  }
}
