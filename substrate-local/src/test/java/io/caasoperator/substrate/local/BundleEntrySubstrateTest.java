package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ApplicationObservation.Invalid;
import io.caasoperator.substrate.ApplicationObservation.NotFound;
import io.caasoperator.substrate.ApplicationObservation.Removed;
import io.caasoperator.substrate.ApplicationObservation.Specified;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.testing.RecordingSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One application of a bundle on the local substrate: its entry is its specification; a bundle with
 * a problem keeps the last good one; taken out of the bundle, or removed by the model (after a
 * restart too), its units are scaled to zero and it is gone only once the last of them is, whatever
 * the bundle says meanwhile.
 */
class BundleEntrySubstrateTest {
  private static final ApplicationName STORE = ApplicationName.of("kv-store");

  @TempDir Path dir;
  private Path bundle;
  private Path agents;
  private LocalSubstrate substrate;
  private RecordingSink<ApplicationObservation> application;
  private RecordingSink<UnitsObserved> units;

  @BeforeEach
  void start() throws Exception {
    Files.createDirectories(dir.resolve("charms/kv-store"));
    Files.createDirectories(dir.resolve("charms/kv-client"));
    agents = Files.createDirectories(dir.resolve("agents"));
    bundle = dir.resolve("bundle.yaml");
    write(
        """
        applications:
          kv-store: {charm: ./charms/kv-store, scale: 1, options: {port: 6379}}
          kv-client: {charm: ./charms/kv-client, scale: 2}
        """);
    substrate = substrate(new BundleEntry(STORE));
    application = new RecordingSink<>();
    units = new RecordingSink<>();
    substrate.applicationSource().watch(application);
    substrate.unitSource().watch(units);
    substrate.pollNow();
  }

  @AfterEach
  void close() {
    substrate.close();
  }

  private void write(String content) throws Exception {
    Path temporary = dir.resolve(".bundle.yaml.tmp");
    Files.writeString(temporary, content);
    Files.move(
        temporary, bundle, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  @Test
  void itsEntryIsTheSpecificationWithTheCharmRelativeToTheBundle() {
    assertThat(application.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class,
            s -> {
              assertThat(s.specification().application()).isEqualTo(STORE);
              assertThat(s.specification().charm().url())
                  .isEqualTo(dir.resolve("charms/kv-store").toAbsolutePath().toString());
              assertThat(s.specification().config()).isEqualTo(Map.of("port", 6379));
            });
    assertThat(units.drain())
        .containsExactly(new UnitsObserved(List.of(unit(0, Life.ALIVE)), true));
  }

  @Test
  void aBundleWithAProblemKeepsTheLastGoodEntry() throws Exception {
    application.drain();
    units.drain();
    write("applications:\n  kv-store: {charm: ./charms/kv-store, scale: -1}\n");
    substrate.pollNow();

    assertThat(application.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Invalid.class, i -> assertThat(i.problem()).contains("negative number of units"));
    assertThat(units.drain()).as("the scale in force stays").isEmpty();
  }

  @Test
  void takenOutOfTheBundleItsUnitsGoAndThenItIsGone() throws Exception {
    application.drain();
    units.drain();
    Files.createDirectories(agents.resolve("unit-kv-store-0"));
    write("applications:\n  kv-client: {charm: ./charms/kv-client, scale: 2}\n");
    substrate.pollNow();

    assertThat(units.drain())
        .containsExactly(new UnitsObserved(List.of(unit(0, Life.DYING)), true));
    assertThat(application.drain())
        .as("not gone while its unit is there")
        .noneMatch(NotFound.class::isInstance);

    Files.delete(agents.resolve("unit-kv-store-0"));
    substrate.unitRemover().release(UnitId.of("kv-store", 0));

    assertThat(units.drain()).containsExactly(new UnitsObserved(List.of(), true));
    assertThat(application.drain())
        .containsExactly(new NotFound("application kv-store was removed from " + bundle));
  }

  @Test
  void removedByTheModelBeforeThisStartItsUnitsAreFoundByNameAndGoThoughTheBundleListsItAgain()
      throws Exception {
    Files.createDirectories(agents.resolve("unit-kv-store-1"));
    RecordingSink<ApplicationObservation> removedApplication = new RecordingSink<>();
    RecordingSink<UnitsObserved> removedUnits = new RecordingSink<>();
    try (LocalSubstrate restarted = substrate(new BundleEntry(STORE, () -> true))) {
      restarted.applicationSource().watch(removedApplication);
      restarted.unitSource().watch(removedUnits);
      restarted.pollNow();

      assertThat(removedApplication.drain())
          .as("no specification: the operator tears it down with what it recorded")
          .containsExactly(new Removed("application kv-store was removed from " + bundle));
      assertThat(removedUnits.drain())
          .containsExactly(new UnitsObserved(List.of(unit(1, Life.DYING)), true));

      Files.delete(agents.resolve("unit-kv-store-1"));
      restarted.unitRemover().release(UnitId.of("kv-store", 1));
      assertThat(removedApplication.drain())
          .containsExactly(new NotFound("application kv-store was removed from " + bundle));
    }
  }

  @Test
  void theRemovalGoesOnWhateverTheBundleSaysMeanwhileUntilItsLastUnitIsGone() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean removedByModel =
        new java.util.concurrent.atomic.AtomicBoolean();
    RecordingSink<ApplicationObservation> seen = new RecordingSink<>();
    RecordingSink<UnitsObserved> listed = new RecordingSink<>();
    try (LocalSubstrate running = substrate(new BundleEntry(STORE, removedByModel::get))) {
      running.applicationSource().watch(seen);
      running.unitSource().watch(listed);
      running.pollNow();
      Files.createDirectories(agents.resolve("unit-kv-store-0"));
      write("applications:\n  kv-client: {charm: ./charms/kv-client, scale: 2}\n");
      running.pollNow();
      removedByModel.set(true);
      seen.drain();
      listed.drain();

      // listed again while dying: it waits (Juju's "application already exists")
      write("applications:\n  kv-store: {charm: ./charms/kv-store, scale: 2}\n");
      running.pollNow();
      Files.delete(bundle);
      running.pollNow();

      assertThat(seen.drain()).as("neither alive again nor gone").isEmpty();
      assertThat(listed.drain()).isEmpty();
      Files.delete(agents.resolve("unit-kv-store-0"));
      running.unitRemover().release(UnitId.of("kv-store", 0));
      assertThat(seen.drain())
          .containsExactly(new NotFound("application kv-store was removed from " + bundle));
    }
  }

  private LocalSubstrate substrate(BundleEntry entry) {
    return new LocalSubstrate(
        bundle,
        entry,
        agents,
        new LocalProcessExecutor("test-bundle"),
        Duration.ofHours(1),
        Duration.ZERO,
        Clock.fixed(Instant.parse("2026-11-27T20:00:00Z"), ZoneOffset.UTC),
        null);
  }

  @Test
  void itsSpecificationCarriesTheModelsUpdateStatusIntervalAndFollowsItsChange() throws Exception {
    assertThat(specifiedInterval())
        .as("Juju's default while the bundle sets none")
        .isEqualTo(Duration.ofMinutes(5));

    write(
        """
        model-config:
          update-status-hook-interval: 1m30s
        applications:
          kv-store: {charm: ./charms/kv-store, scale: 1, options: {port: 6379}}
        """);
    substrate.pollNow();

    assertThat(specifiedInterval()).isEqualTo(Duration.ofSeconds(90));
  }

  /** The update-status interval of the one specification observed since the last look. */
  private Duration specifiedInterval() {
    return application.drain().stream()
        .map(Specified.class::cast)
        .map(s -> s.specification().updateStatusInterval())
        .reduce(
            (a, b) -> {
              throw new AssertionError("more than one specification observed");
            })
        .orElseThrow(() -> new AssertionError("no specification observed"));
  }

  @Test
  void aBadIntervalIsABundleProblemAndTheIntervalInForceStays() throws Exception {
    application.drain();
    write(
        """
        model-config: {update-status-hook-interval: soon}
        applications:
          kv-store: {charm: ./charms/kv-store, scale: 1}
        """);
    substrate.pollNow();

    assertThat(application.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Invalid.class,
            i ->
                assertThat(i.problem())
                    .contains(
                        "invalid update status hook interval in model configuration: time:"
                            + " invalid duration \"soon\""));
  }

  private static UnitObservation unit(int n, Life life) {
    return new UnitObservation(UnitId.of("kv-store", n), life);
  }
}
