package io.caasoperator.hooktool;

import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.RunningAction;
import io.caasoperator.hooktool.catalogue.HookTools;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/** A context snapshot for tests: unit mariadb/0, follower, with copies made by the with-methods. */
public record TestContext(
    UnitId unit,
    boolean isLeader,
    Status unitStatus,
    Map<String, Object> unitStatusData,
    Status applicationStatus,
    Map<String, Object> config,
    Map<String, String> leaderSettings,
    Map<String, String> charmState,
    Set<Port> openedPorts,
    String workloadVersion,
    List<PeerUnit> units,
    Optional<RunningAction> action,
    Optional<String> hookName,
    Extras extras)
    implements ToolContext {

  /**
   * What newer tools read: the unit's addresses, storage and the application's resources.
   *
   * @param hookStorage the running storage hook's instance, or null
   */
  public record Extras(
      UnitAddresses addresses,
      Map<String, UnitState.StorageInstance> storage,
      String hookStorage,
      Map<String, CharmStorage> charmStorage,
      boolean canAddStorage,
      Map<String, String> resources) {
    /**
     * A Kubernetes unit: pod 10.1.2.3, its application's Service 10.152.183.7 with load balancer
     * 203.0.113.7.
     */
    public static final Extras DEFAULT =
        new Extras(
            new UnitAddresses(
                List.of(
                    new UnitAddresses.NetworkInterface(
                        "", "", List.of(new UnitAddresses.Address("10.1.2.3", "")))),
                List.of("10.152.183.7"),
                List.of("10.152.183.7/32"),
                "10.152.183.7",
                "203.0.113.7"),
            Map.of(),
            null,
            Map.of(),
            true,
            Map.of());
  }

  /**
   * A context that answers from {@link #base()} what it does not override, for tests that add what
   * their tools read (relations, secrets) on top of a {@link TestContext}.
   */
  public interface Delegating extends ForwardingToolContext {
    TestContext base();

    @Override
    default ToolContext delegate() {
      return base();
    }

    /** Runs {@code tool} against this context at {@link #NOW}, without stdin. */
    default ToolOutcome run(String tool, String... args) {
      return HookTools.run(tool, List.of(args), "", this, NOW);
    }

    default ToolOutcome runWithInput(String stdin, String tool, String... args) {
      return HookTools.run(tool, List.of(args), stdin, this, NOW);
    }
  }

  public static final Instant SINCE = Instant.parse("2026-11-22T01:02:03.456Z");
  public static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

  public static TestContext follower() {
    UnitId unit = UnitId.of("mariadb", 0);
    Status active = Status.of("active", "ready", SINCE);
    return new TestContext(
        unit,
        false,
        active,
        Map.of(),
        Status.of("active", "", SINCE),
        Map.of(),
        Map.of(),
        Map.of(),
        Set.of(),
        "",
        List.of(new PeerUnit(unit, Life.ALIVE, active)),
        Optional.empty(),
        Optional.of("config-changed"),
        Extras.DEFAULT);
  }

  /** Unit mariadb/{@code n}, {@code life}, with that workload status since {@link #SINCE}. */
  public static PeerUnit peer(int n, Life life, String status, String message) {
    return new PeerUnit(UnitId.of("mariadb", n), life, Status.of(status, message, SINCE));
  }

  public static TestContext leader() {
    return follower().withLeader(true);
  }

  public TestContext withLeader(boolean leader) {
    return copy(c -> c.isLeader = leader);
  }

  public TestContext withUnitStatus(Status status, Map<String, Object> data) {
    return copy(
        c -> {
          c.unitStatus = status;
          c.unitStatusData = data;
        });
  }

  public TestContext withConfig(Map<String, Object> config) {
    return copy(c -> c.config = config);
  }

  public TestContext withLeaderSettings(Map<String, String> settings) {
    return copy(c -> c.leaderSettings = settings);
  }

  public TestContext withCharmState(Map<String, String> state) {
    return copy(c -> c.charmState = state);
  }

  public TestContext withPorts(Set<Port> ports) {
    return copy(c -> c.openedPorts = ports);
  }

  public TestContext withUnits(List<PeerUnit> peers) {
    return copy(c -> c.units = peers);
  }

  public TestContext withAction(String name, Map<String, Object> params) {
    return copy(
        c -> {
          c.action = Optional.of(new RunningAction(name, params));
          c.hookName = Optional.empty();
        });
  }

  @Override
  public String modelName() {
    return "test-model";
  }

  public TestContext with(Extras more) {
    return copy(c -> c.extras = more);
  }

  /** The same unit, reached at {@code addresses}. */
  public TestContext withAddresses(UnitAddresses addresses) {
    Extras e = extras();
    return with(
        new Extras(
            addresses,
            e.storage(),
            e.hookStorage(),
            e.charmStorage(),
            e.canAddStorage(),
            e.resources()));
  }

  public TestContext withHook(String hook) {
    return copy(c -> c.hookName = Optional.of(hook));
  }

  @Override
  public UnitAddresses addresses() {
    return extras.addresses();
  }

  @Override
  public Map<String, UnitState.StorageInstance> storage() {
    return extras.storage();
  }

  @Override
  public Optional<String> hookStorage() {
    return Optional.ofNullable(extras.hookStorage());
  }

  @Override
  public Map<String, CharmStorage> charmStorage() {
    return extras.charmStorage();
  }

  @Override
  public boolean canAddStorage() {
    return extras.canAddStorage();
  }

  @Override
  public Map<String, String> resources() {
    return extras.resources();
  }

  /** Runs {@code tool} against this context at {@link #NOW}, without stdin. */
  public ToolOutcome run(String tool, String... args) {
    return HookTools.run(tool, List.of(args), "", this, NOW);
  }

  public ToolOutcome runWithStdin(String stdin, String tool, String... args) {
    return HookTools.run(tool, List.of(args), stdin, this, NOW);
  }

  public static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private TestContext copy(Consumer<Copy> change) {
    Copy copy = new Copy(this);
    change.accept(copy);
    return copy.build();
  }

  /** The components, assignable, so that each with-method names only what it changes. */
  private static final class Copy {
    UnitId unit;
    boolean isLeader;
    Status unitStatus;
    Map<String, Object> unitStatusData;
    Status applicationStatus;
    Map<String, Object> config;
    Map<String, String> leaderSettings;
    Map<String, String> charmState;
    Set<Port> openedPorts;
    String workloadVersion;
    List<PeerUnit> units;
    Optional<RunningAction> action;
    Optional<String> hookName;
    Extras extras;

    Copy(TestContext from) {
      unit = from.unit;
      isLeader = from.isLeader;
      unitStatus = from.unitStatus;
      unitStatusData = from.unitStatusData;
      applicationStatus = from.applicationStatus;
      config = from.config;
      leaderSettings = from.leaderSettings;
      charmState = from.charmState;
      openedPorts = from.openedPorts;
      workloadVersion = from.workloadVersion;
      units = from.units;
      action = from.action;
      hookName = from.hookName;
      extras = from.extras;
    }

    TestContext build() {
      return new TestContext(
          unit,
          isLeader,
          unitStatus,
          unitStatusData,
          applicationStatus,
          config,
          leaderSettings,
          charmState,
          openedPorts,
          workloadVersion,
          units,
          action,
          hookName,
          extras);
    }
  }
}
