package io.caasoperator.hooktool;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A context snapshot for tests: unit mariadb/0, follower, with copies made by the with-methods. */
record TestContext(UnitId unit, boolean isLeader, Status unitStatus, Map<String, Object> unitStatusData,
                   Status applicationStatus, Map<String, Object> config, Map<String, String> leaderSettings,
                   Map<String, String> charmState, Set<Port> openedPorts, String workloadVersion,
                   List<PeerUnit> units, Optional<RunningAction> action, Optional<String> hookName)
        implements ToolContext {

    static final Instant SINCE = Instant.parse("2026-11-22T01:02:03.456Z");
    static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    static TestContext follower() {
        UnitId unit = UnitId.of("mariadb", 0);
        Status active = Status.of("active", "ready", SINCE);
        return new TestContext(unit, false, active, Map.of(), Status.of("active", "", SINCE), Map.of(), Map.of(),
                Map.of(), Set.of(), "", List.of(new PeerUnit(unit, Life.ALIVE, active)), Optional.empty(),
                Optional.of("config-changed"));
    }

    static TestContext leader() {
        return follower().withLeader(true);
    }

    TestContext withLeader(boolean leader) {
        return new TestContext(unit, leader, unitStatus, unitStatusData, applicationStatus, config, leaderSettings,
                charmState, openedPorts, workloadVersion, units, action, hookName);
    }

    TestContext withUnitStatus(Status status, Map<String, Object> data) {
        return new TestContext(unit, isLeader, status, data, applicationStatus, config, leaderSettings,
                charmState, openedPorts, workloadVersion, units, action, hookName);
    }

    TestContext withConfig(Map<String, Object> config) {
        return new TestContext(unit, isLeader, unitStatus, unitStatusData, applicationStatus, config, leaderSettings,
                charmState, openedPorts, workloadVersion, units, action, hookName);
    }

    TestContext withLeaderSettings(Map<String, String> settings) {
        return new TestContext(unit, isLeader, unitStatus, unitStatusData, applicationStatus, config, settings,
                charmState, openedPorts, workloadVersion, units, action, hookName);
    }

    TestContext withCharmState(Map<String, String> state) {
        return new TestContext(unit, isLeader, unitStatus, unitStatusData, applicationStatus, config, leaderSettings,
                state, openedPorts, workloadVersion, units, action, hookName);
    }

    TestContext withPorts(Set<Port> ports) {
        return new TestContext(unit, isLeader, unitStatus, unitStatusData, applicationStatus, config, leaderSettings,
                charmState, ports, workloadVersion, units, action, hookName);
    }

    TestContext withUnits(List<PeerUnit> peers) {
        return new TestContext(unit, isLeader, unitStatus, unitStatusData, applicationStatus, config, leaderSettings,
                charmState, openedPorts, workloadVersion, peers, action, hookName);
    }

    TestContext withAction(String name, Map<String, Object> params) {
        return new TestContext(unit, isLeader, unitStatus, unitStatusData, applicationStatus, config, leaderSettings,
                charmState, openedPorts, workloadVersion, units, Optional.of(new RunningAction(name, params)),
                Optional.empty());
    }

    @Override
    public String modelName() {
        return "test-model";
    }

    @Override
    public String privateAddress() {
        return "10.1.2.3";
    }

    @Override
    public String publicAddress() {
        return "203.0.113.7";
    }

    /** Runs {@code tool} against this context at {@link #NOW}, without stdin. */
    ToolOutcome run(String tool, String... args) {
        return HookTools.run(tool, List.of(args), "", this, NOW);
    }

    ToolOutcome runWithStdin(String stdin, String tool, String... args) {
        return HookTools.run(tool, List.of(args), stdin, this, NOW);
    }

    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
