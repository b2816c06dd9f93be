package io.caasoperator.app.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OperatorDiscoveryTest {

  private static final Instant STARTED = Instant.parse("2026-11-27T10:00:00.120Z");

  private static Registration operator(String app, String dir, long pid) {
    return new Registration(
        pid, Optional.of(STARTED), app, Path.of(dir), URI.create("https://127.0.0.1:30666"));
  }

  private final Registration hello = operator("hello", "/tmp/hello", 100);
  private final Registration web = operator("web", "/tmp/web", 200);
  private final Registration otherHello = operator("hello", "/tmp/hello-2", 300);

  @Test
  void theOnlyOperatorRunningIsMeantWhenNothingIsNamed() {
    assertThat(OperatorDiscovery.choose(List.of(hello), Optional.empty()))
        .isEqualTo(new OperatorDiscovery.Choice.One(hello));
  }

  @Test
  void severalRunningAreListedInNameOrderSoTheUserCanPick() {
    assertThat(OperatorDiscovery.choose(List.of(web, hello), Optional.empty()))
        .isEqualTo(new OperatorDiscovery.Choice.Several(List.of(hello, web)));
  }

  @Test
  void noneRunningSaysSo() {
    assertThat(OperatorDiscovery.choose(List.of(), Optional.empty()))
        .isEqualTo(new OperatorDiscovery.Choice.NoneRunning(List.of()));
  }

  @Test
  void aNamedUnitsApplicationPicksItsOperatorAmongOthers() {
    assertThat(OperatorDiscovery.choose(List.of(web, hello), Optional.of("hello")))
        .isEqualTo(new OperatorDiscovery.Choice.One(hello));
  }

  @Test
  void aUnitOfAModelsApplicationFindsTheModelsOperator() {
    Registration kv =
        new Registration(
            400,
            Optional.of(STARTED),
            "kv",
            Path.of("/tmp/kv"),
            URI.create("https://127.0.0.1:30667"),
            List.of("kv-client", "kv-store"));
    assertThat(OperatorDiscovery.choose(List.of(web, kv), Optional.of("kv-client")))
        .isEqualTo(new OperatorDiscovery.Choice.One(kv));
    assertThat(OperatorDiscovery.choose(List.of(web, kv), Optional.of("kv")))
        .as("the model by its name")
        .isEqualTo(new OperatorDiscovery.Choice.One(kv));
    assertThat(OperatorRegistry.parse(registryText(kv))).contains(kv);
  }

  /** What the registry writes for {@code registration}, as its file holds it. */
  private static String registryText(Registration registration) {
    return "pid="
        + registration.pid()
        + "\nstarted="
        + registration.started().orElseThrow()
        + "\napplication="
        + registration.application()
        + "\ndata-dir="
        + registration.dataDir()
        + "\nurl="
        + registration.url().toString().replace(":", "\\:")
        + "\napplications="
        + String.join(",", registration.applications())
        + "\n";
  }

  @Test
  void twoOperatorsOfTheNamedApplicationAreBothListed() {
    assertThat(OperatorDiscovery.choose(List.of(otherHello, web, hello), Optional.of("hello")))
        .isEqualTo(new OperatorDiscovery.Choice.Several(List.of(hello, otherHello)));
  }

  @Test
  void noOperatorOfTheNamedApplicationListsTheOthersThatRun() {
    assertThat(OperatorDiscovery.choose(List.of(web), Optional.of("hello")))
        .isEqualTo(new OperatorDiscovery.Choice.NoneRunning(List.of(web)));
  }

  @Test
  void aRegistrationWhosePidIsGoneWasLeftByACrashedOperator() {
    assertThat(OperatorDiscovery.isLive(hello, new ProcessSeen.Gone())).isFalse();
  }

  @Test
  void aPidGivenToALaterProcessIsNotTheRegisteredOperator() {
    ProcessSeen reused = new ProcessSeen.Running(Optional.of(STARTED.plusSeconds(3600)));
    assertThat(OperatorDiscovery.isLive(hello, reused)).isFalse();
  }

  @Test
  void theSameProcessIsLiveEvenWhenItsStartTimeIsRoundedDifferently() {
    ProcessSeen same = new ProcessSeen.Running(Optional.of(STARTED.plusMillis(10)));
    assertThat(OperatorDiscovery.isLive(hello, same)).isTrue();
  }

  @Test
  void withoutStartTimesALivePidCounts() {
    assertThat(OperatorDiscovery.isLive(hello, new ProcessSeen.Running(Optional.empty()))).isTrue();
    Registration unknownStart =
        new Registration(
            1, Optional.empty(), "hello", Path.of("/tmp/hello"), URI.create("http://x:1"));
    assertThat(
            OperatorDiscovery.isLive(unknownStart, new ProcessSeen.Running(Optional.of(STARTED))))
        .isTrue();
  }
}
