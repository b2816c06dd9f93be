package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.ConfigOption;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One example of every journal event type, as the fixtures in {@code journal-fixtures/v1} hold
 * them. The fixture files were written once from these values and are never regenerated: they stand
 * for journals already on disk.
 */
final class FixtureEvents {
  private FixtureEvents() {}

  static final Instant AT = Instant.parse("2026-11-22T10:15:30.123Z");
  static final UnitId UNIT = UnitId.of("hello", 0);
  static final CharmInfo CHARM =
      new CharmInfo(
          2,
          "hello",
          new CharmRef("/charms/hello", null, 3, false),
          "a".repeat(64),
          List.of("web"),
          Set.of("install"),
          false,
          Map.of("greeting", new ConfigOption(ConfigOption.Type.STRING, "hi", "what to say")));

  static List<JournalEvent> all() {
    PlannedHook hook = PlannedHook.pebbleReady("web", "start-1", 2, 5);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("greeting", "hey");
    settings.put("port", 9090);
    return List.of(
        new UnitEvent.LifeAssigned(Life.DYING, AT),
        new UnitEvent.Revived(AT),
        new UnitEvent.CharmAssigned(CHARM, AT),
        new UnitEvent.CharmSwitched(2, AT),
        new UnitEvent.ConfigAssigned(5, AT),
        new UnitEvent.LeadershipAssigned(true, AT),
        new UnitEvent.ContainerStartObserved("web", "start-1", AT),
        new UnitEvent.HookStarted(hook, 1, "ctx-1", AT),
        new UnitEvent.HookCompleted("web-pebble-ready", 12, AT),
        new UnitEvent.HookSkipped(hook, AT),
        new UnitEvent.HookFailed("install", 1, "exit status 1", 5, AT),
        new UnitEvent.HookResolved(false, AT),
        new UnitEvent.WorkloadStatusSet(Status.of("active", "ready", AT), AT),
        new OperatorEvent.ApplicationStatusChanged(Status.of("blocked", "bad spec", AT), AT),
        new OperatorEvent.CharmDeployed(CHARM, AT),
        new OperatorEvent.ConfigChanged(settings, 5, AT),
        new OperatorEvent.UnitAdded(UNIT, AT),
        new OperatorEvent.UnitLifeChanged(UNIT, Life.DYING, AT),
        new OperatorEvent.UnitRemoved(UNIT, AT),
        new OperatorEvent.LeaderElected(UNIT, AT),
        // added with the hook tools and exec
        new UnitEvent.ExecStarted("hello/0-exec-1", "b".repeat(64), AT),
        new UnitEvent.ExecCompleted("hello/0-exec-1", 3, false, 15, AT),
        new UnitEvent.CharmStateSet("k", "v", AT),
        new UnitEvent.CharmStateDeleted("k", AT),
        new UnitEvent.PortOpened("8080/tcp", AT),
        new UnitEvent.PortClosed("8080/tcp", AT),
        new UnitEvent.LeaderSettingsAssigned(2, AT),
        new OperatorEvent.CharmApplicationStatusSet(Status.of("active", "all good", AT), AT),
        new OperatorEvent.LeaderSettingsChanged(Map.of("password", "s3cret"), AT),
        new OperatorEvent.WorkloadVersionSet("1.2.3", AT),
        new OperatorEvent.UnitsUpdated(
            new java.util.TreeMap<>(Map.of(UNIT, Life.ALIVE, UnitId.of("hello", 1), Life.DYING)),
            AT),
        // added with charm actions (run-action)
        actionQueued(),
        new UnitEvent.ActionStarted(3, "hello/0-greet-42", AT),
        actionFinished(),
        new OperatorEvent.ActionIdAssigned(3, UNIT, "greet", AT),
        // added with the complete hook environment
        new OperatorEvent.ModelIdentified("5f1c6a0e-8d3b-4c7e-9a41-2b6f0d9e3c12", AT),
        new OperatorEvent.StorageAdded(UNIT, "data", 2, AT),
        new UnitEvent.StorageAssigned(
            new UnitState.StorageInstance(
                "data/0", "filesystem", "/srv/agents/unit-hello-0/storage/data-0"),
            AT),
        // added with the Pebble notice and check hooks
        new UnitEvent.PebbleNoticeObserved(
            PebbleNotice.custom("web", "7", "custom", "example.com/db-backup", AT), AT),
        // added with a Pebble per unit container (its own journal, pebble|<app>/<n>/<container>)
        layerAdded(),
        new WorkloadEvent.ServiceStarted("web", 4242, AT),
        new WorkloadEvent.ServiceStopped("web", AT),
        new WorkloadEvent.ServiceExited("web", 143, AT),
        new WorkloadEvent.CheckFailed("up", 3, AT),
        new WorkloadEvent.CheckRecovered("up", AT),
        new WorkloadEvent.OrphansStopped(List.of(4242L), AT),
        // added with peer relations
        new OperatorEvent.RelationCreated(0, "cluster", "hello-peers", "hello", AT),
        new OperatorEvent.RelationUnitEntered(
            0,
            UNIT,
            Map.of(
                "private-address",
                "10.1.2.3",
                "ingress-address",
                "10.1.2.3",
                "egress-subnets",
                "10.1.2.3/32"),
            AT),
        new OperatorEvent.RelationUnitLeft(0, UnitId.of("hello", 1), AT),
        new OperatorEvent.RelationSettingsChanged(
            0, UNIT, 2, Map.of("private-address", "10.1.2.3", "ready", "yes"), null, AT),
        new UnitEvent.RelationsAssigned(List.of(peerSnapshot()), AT),
        // added with relations between applications
        new OperatorEvent.ApplicationsRelated(3, "db", "pgsql", "postgresql", "database", AT),
        new OperatorEvent.RemoteRelationChanged(
            3,
            new java.util.TreeMap<>(
                Map.of(
                    "postgresql/0",
                    Map.of("ingress-address", "10.1.2.9", "private-address", "10.1.2.9"))),
            Map.of("endpoints", "10.1.2.9:5432"),
            AT),
        new OperatorEvent.RelationRemoved(3, AT),
        new UnitEvent.RelationSettingsWritten(
            0, Map.of("ready", "yes"), Map.of("leader", "hello/0"), AT),
        // added with the application's own secrets (journal secrets|<app>)
        new SecretEvent.SecretCreated(
            "d0j7ha3q1c4s73d2fa9g",
            SecretOwner.application("hello"),
            "db-password",
            "the database's",
            AT.plusSeconds(3600),
            "daily",
            AT.plusSeconds(86400),
            SEALED,
            AT),
        new SecretEvent.SecretUpdated(
            "d0j7ha3q1c4s73d2fa9g", null, null, null, null, null, SEALED, AT),
        // added with the model of several applications (issue 26)
        new ModelEvent.RelationIdAssigned("kv-client:kv kv-store:kv", 2, AT),
        new ModelEvent.RelationIdRetired("kv-client:kv kv-store:kv", 2, AT),
        // added with the removal of an application across crashes (issue 26)
        new ModelEvent.ApplicationAdded("kv-client", AT),
        new ModelEvent.ApplicationRemoving("kv-client", AT),
        new ModelEvent.ApplicationRemoved("kv-client", AT),
        new SecretEvent.SecretRemoved("d0j7ha3q1c4s73d2fa9g", 1, AT),
        // added with the secret hooks
        new SecretEvent.SecretRotated("d0j7ha3q1c4s73d2fa9g", AT.plusSeconds(86400), AT),
        new SecretEvent.SecretExpiryNotified("d0j7ha3q1c4s73d2fa9g", 2, AT.plusSeconds(300), AT),
        new SecretEvent.SecretRemovalNotified("d0j7ha3q1c4s73d2fa9g", 1, AT),
        new SecretEvent.SecretGranted("d0j7ha3q1c4s73d2fa9g", "cluster:0", "hello/1", AT),
        new SecretEvent.SecretRevoked("d0j7ha3q1c4s73d2fa9g", "cluster:0", "hello/1", AT),
        // added with secrets across applications
        new SecretEvent.SecretConsumed("d0j7ha3q1c4s73d2fa9g", "client/0", 2, "db-creds", AT),
        new SecretEvent.SecretChangeSeen("d0j7ha3q1c4s73d2fa9g", "client/0", 3, AT),
        // added with the removal of an application's secrets with it
        new SecretEvent.SecretConsumerRemoved("d0j7ha3q1c4s73d2fa9g", "client/0", AT),
        new UnitEvent.SecretTriggerObserved(
            new SecretTrigger(
                HookKind.SECRET_EXPIRED,
                "d0j7ha3q1c4s73d2fa9g",
                SecretOwner.application("hello"),
                "db-password",
                2,
                AT),
            AT));
  }

  static WorkloadEvent.LayerAdded layerAdded() {
    return new WorkloadEvent.LayerAdded(
        "base",
        true,
        "services:\n  web:\n    override: replace\n    command: python3 -m http.server 8080\n",
        AT);
  }

  /** A container's Pebble with one layer and a service running in process group 4242. */
  static WorkloadState workloadSnapshot() {
    return WorkloadState.EMPTY
        .apply(layerAdded())
        .apply(new WorkloadEvent.ServiceStarted("web", 4242, AT));
  }

  static UnitRelations.RelationSnapshot peerSnapshot() {
    return new UnitRelations.RelationSnapshot(
        0, "cluster", "hello", new java.util.TreeMap<>(Map.of("hello/1", 3L)), 4, false);
  }

  /**
   * {@link #unitSnapshotV3()} in a peer relation, having joined hello/1 (snapshot.UnitState.v4).
   */
  static UnitState unitSnapshotV4() {
    UnitState s = unitSnapshotV3();
    var relations =
        new UnitRelations(
            new java.util.TreeMap<>(Map.of(0L, peerSnapshot())),
            new java.util.TreeMap<>(
                Map.of(
                    0L,
                    new UnitRelations.LocalRelation(
                        true, new java.util.TreeMap<>(Map.of("hello/1", 3L)), 0, "hello/1"))),
            new java.util.TreeMap<>(
                Map.of(0L, new UnitRelations.OwnSettings(1, Map.of("ready", "yes"), 1, null, 0))));
    return new UnitState(
        s.unit(),
        s.life(),
        s.assigned(),
        s.observed(),
        s.progress(),
        s.hooks(),
        s.statuses(),
        s.charmData(),
        s.actions(),
        s.storage(),
        relations);
  }

  /**
   * {@link #operatorSnapshotWithActions()} with a peer relation of two units
   * (snapshot.OperatorState.v3).
   */
  static OperatorState operatorSnapshotV3() {
    OperatorState s = operatorSnapshotWithActions();
    for (OperatorEvent e :
        List.<OperatorEvent>of(
            new OperatorEvent.RelationCreated(0, "cluster", "hello-peers", "hello", AT),
            new OperatorEvent.RelationUnitEntered(
                0, UNIT, Map.of("private-address", "10.1.2.3"), AT),
            new OperatorEvent.RelationUnitEntered(
                0, UnitId.of("hello", 1), Map.of("private-address", "10.1.2.4"), AT))) {
      s = s.apply(e);
    }
    return s;
  }

  static final SealedContent SEALED =
      new SealedContent("bm9uY2Utbm9uY2U=", "Y2lwaGVydGV4dA==", "hmac-sha256:0123456789abcdef");

  static UnitEvent.ActionQueued actionQueued() {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("who", "world");
    params.put("times", 2);
    params.put("loud", false);
    params.put("options", Map.of("style", "short"));
    params.put("note", null);
    return new UnitEvent.ActionQueued(3, "greet", params, AT);
  }

  static UnitEvent.ActionFinished actionFinished() {
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("greeting", "hi world");
    results.put("detail", Map.of("count", "2"));
    results.put("return-code", 1);
    results.put("stdout", "said it\n");
    return new UnitEvent.ActionFinished(
        3,
        ActionStatus.FAILED,
        "exit status 1",
        results,
        List.of(new ActionMessage(AT, "greeting world")),
        AT);
  }

  /** A unit part-way through its life: installed, a hook failed, a container seen. */
  static UnitState unitSnapshot() {
    UnitState s = UnitState.initial(UNIT);
    PlannedHook install = PlannedHook.of(HookKind.INSTALL, 2, 5);
    for (UnitEvent e :
        List.<UnitEvent>of(
            new UnitEvent.CharmAssigned(CHARM, AT),
            new UnitEvent.ConfigAssigned(5, AT),
            new UnitEvent.LeadershipAssigned(true, AT),
            new UnitEvent.ContainerStartObserved("web", "start-1", AT),
            new UnitEvent.HookStarted(install, 1, "ctx-1", AT),
            new UnitEvent.HookCompleted("install", 12, AT),
            new UnitEvent.HookStarted(
                PlannedHook.of(HookKind.LEADER_ELECTED, 2, 5), 1, "ctx-2", AT),
            new UnitEvent.HookFailed("leader-elected", 1, "exit status 1", 5, AT))) {
      s = s.apply(e);
    }
    return s;
  }

  /**
   * The unit of {@link #unitSnapshot()} after three actions: one finished (failed), one running,
   * one waiting.
   */
  static UnitState unitSnapshotWithActions() {
    UnitState s =
        unitSnapshot()
            .apply(actionQueued())
            .apply(new UnitEvent.ActionStarted(3, "hello/0-greet-42", AT))
            .apply(actionFinished())
            .apply(new UnitEvent.ActionQueued(4, "greet", Map.of("who", "you"), AT))
            .apply(new UnitEvent.ActionQueued(5, "snapshot", Map.of(), AT))
            .apply(new UnitEvent.ActionStarted(4, "hello/0-greet-43", AT));
    return s;
  }

  /** The operator of {@link #operatorSnapshot()} after giving out action ids 3 and 4. */
  static OperatorState operatorSnapshotWithActions() {
    return operatorSnapshot()
        .apply(new OperatorEvent.ActionIdAssigned(3, UNIT, "greet", AT))
        .apply(new OperatorEvent.ActionIdAssigned(4, UnitId.of("hello", 1), "greet", AT));
  }

  /**
   * The unit of {@link #unitSnapshotWithActions()} whose storage data/0 is attached
   * (snapshot.UnitState.v3).
   */
  static UnitState unitSnapshotV3() {
    UnitState s = unitSnapshotWithActions();
    var data =
        new UnitState.StorageInstance(
            "data/0", "filesystem", "/srv/agents/unit-hello-0/storage/data-0");
    return s.apply(new UnitEvent.StorageAssigned(data, AT));
  }

  static OperatorState operatorSnapshot() {
    OperatorState s = OperatorState.initial();
    for (OperatorEvent e :
        List.<OperatorEvent>of(
            new OperatorEvent.CharmDeployed(CHARM, AT),
            new OperatorEvent.ConfigChanged(Map.of("greeting", "hey"), 5, AT),
            new OperatorEvent.UnitAdded(UNIT, AT),
            new OperatorEvent.UnitAdded(UnitId.of("hello", 1), AT),
            new OperatorEvent.LeaderElected(UNIT, AT),
            new OperatorEvent.ApplicationStatusChanged(Status.of("active", "", AT), AT))) {
      s = s.apply(e);
    }
    return s;
  }
}
