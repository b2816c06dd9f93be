package io.caasoperator.operator;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.substrate.*;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A substrate whose sources the test drives; watches re-list the latest state like a real one. */
final class FakeSubstrate implements Substrate {
  private final HookExecutor executor;
  private volatile ApplicationObservation application;
  private volatile UnitsObserved units;
  private final List<WatchSink<ApplicationObservation>> appSinks = new CopyOnWriteArrayList<>();
  private final List<WatchSink<UnitsObserved>> unitSinks = new CopyOnWriteArrayList<>();
  private final List<WatchSink<ContainerStarted>> startSinks = new CopyOnWriteArrayList<>();

  /** Units released, once each release succeeded. */
  final List<UnitId> released = new CopyOnWriteArrayList<>();

  /** Every call of the remover, failed ones included. */
  final AtomicInteger releaseAttempts = new AtomicInteger();

  private final AtomicInteger releaseFailures = new AtomicInteger();
  final AtomicInteger unitWatches = new AtomicInteger();
  final AtomicInteger containerStartWatches = new AtomicInteger();

  FakeSubstrate(HookExecutor executor) {
    this.executor = executor;
  }

  void application(ApplicationObservation observation) {
    application = observation;
    appSinks.forEach(s -> s.observed(observation));
  }

  void units(UnitsObserved observation) {
    units = observation;
    unitSinks.forEach(s -> s.observed(observation));
  }

  /**
   * {@code app} specified with the charm directory {@code charm} at {@code version} and {@code
   * config}, as a spec file or an application resource gives it.
   */
  static ApplicationObservation.Specified specified(
      ApplicationName app,
      Path charm,
      long version,
      Map<String, Object> config,
      Duration updateStatusInterval) {
    return new ApplicationObservation.Specified(
        new Specification(
            app,
            new CharmRef(charm.toString(), null, version, false),
            config,
            updateStatusInterval));
  }

  /** A complete listing: {@code app}'s units with these ordinals, all alive. */
  static UnitsObserved alive(ApplicationName app, int... ordinals) {
    List<UnitObservation> units = new ArrayList<>();
    for (int n : ordinals) units.add(new UnitObservation(new UnitId(app, n), Life.ALIVE));
    return new UnitsObserved(units, true);
  }

  /**
   * Reports a start to the watches open now; unlike units, starts are not replayed to a later
   * watch.
   */
  void containerStarted(ContainerStarted start) {
    startSinks.forEach(s -> s.observed(start));
  }

  /**
   * The next {@code count} releases fail, as with a substrate that cannot be reached for a while.
   */
  void failReleases(int count) {
    releaseFailures.set(count);
  }

  void breakUnitsWatch() {
    new ArrayList<>(unitSinks)
        .forEach(s -> s.failed(new IllegalStateException("connection reset")));
  }

  @Override
  public String name() {
    return "fake";
  }

  @Override
  public ApplicationSource applicationSource() {
    return sink -> {
      appSinks.add(sink);
      if (application != null) sink.observed(application);
      return () -> appSinks.remove(sink);
    };
  }

  @Override
  public UnitSource unitSource() {
    return sink -> {
      unitWatches.incrementAndGet();
      unitSinks.add(sink);
      if (units != null) sink.observed(new UnitsObserved(units.units(), true));
      return () -> unitSinks.remove(sink);
    };
  }

  @Override
  public ContainerStartSource containerStartSource() {
    return sink -> {
      containerStartWatches.incrementAndGet();
      startSinks.add(sink);
      return () -> startSinks.remove(sink);
    };
  }

  @Override
  public UnitRemover unitRemover() {
    return unit -> {
      releaseAttempts.incrementAndGet();
      if (releaseFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw new IllegalStateException("the substrate cannot be reached");
      }
      released.add(unit);
    };
  }

  @Override
  public HookExecutor hookExecutor() {
    return executor;
  }
}
