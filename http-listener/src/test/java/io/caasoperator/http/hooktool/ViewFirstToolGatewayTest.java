package io.caasoperator.http.hooktool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.ApplicationSnapshot;
import io.caasoperator.unit.ToolViews;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which calls the views answer and which go to the actors, as the caller sees them. */
class ViewFirstToolGatewayTest {

  private static final UnitId UNIT = UnitId.of("mariadb", 0);
  private static final String TOKEN = "t0k3n";
  private static final ToolOutcome FROM_THE_ACTORS =
      new ToolOutcome(0, "from the actors\n", "", List.of());

  private final HookContexts contexts = new HookContexts();
  private final ToolViews views = new ToolViews();
  private final List<String> askedTheActors = new CopyOnWriteArrayList<>();
  private final HookToolGateway actors =
      new HookToolGateway() {
        @Override
        public CompletionStage<ToolOutcome> call(
            String token, String tool, List<String> args, String stdin) {
          askedTheActors.add(tool + " " + String.join(" ", args));
          return CompletableFuture.completedFuture(FROM_THE_ACTORS);
        }
      };
  private final ViewFirstToolGateway gateway =
      new ViewFirstToolGateway(
          contexts,
          views,
          Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC),
          actors);

  @BeforeEach
  void aHookRuns() {
    contexts.register(TOKEN, new HookContexts.HookContext(UNIT, "ctx", "install"));
    views.unitChanged(
        UnitState.initial(UNIT).apply(new UnitEvent.LeadershipAssigned(true, Instant.EPOCH)));
    views.applicationChanged(
        new ApplicationSnapshot(
            "test",
            Map.of("greeting", "hi"),
            Map.of("shared", "x"),
            Status.of("active", "", Instant.EPOCH),
            "",
            List.of()));
  }

  private ToolOutcome call(String tool, String... args) throws Exception {
    return gateway.call(TOKEN, tool, List.of(args), "").toCompletableFuture().get();
  }

  @Test
  void readsAreAnsweredWithoutTheActors() throws Exception {
    assertThat(call("config-get", "greeting").stdout()).isEqualTo("hi\n");
    assertThat(call("is-leader").stdout()).isEqualTo("True\n");
    assertThat(call("leader-get", "shared").stdout()).isEqualTo("x\n");
    assertThat(call("juju-log", "hello").exitCode()).isZero();

    assertThat(askedTheActors).isEmpty();
  }

  @Test
  void writesAndWhatNeedsTheUnitsListGoToTheActors() throws Exception {
    assertThat(call("status-set", "active")).isEqualTo(FROM_THE_ACTORS);
    assertThat(call("goal-state")).isEqualTo(FROM_THE_ACTORS);
    assertThat(call("config-get", "greeting").stdout())
        .as("a read still from the views")
        .isEqualTo("hi\n");

    assertThat(askedTheActors).containsExactly("status-set active", "goal-state ");
  }

  @Test
  void afterAWriteOfTheApplicationTheContextReadsThroughTheActors() throws Exception {
    call("leader-set", "shared=y");
    call("leader-get", "shared");

    assertThat(askedTheActors).containsExactly("leader-set shared=y", "leader-get shared");
  }

  @Test
  void beforeTheOperatorPublishedAnythingTheActorsAnswer() throws Exception {
    views.applicationStopped();

    assertThat(call("config-get", "greeting")).isEqualTo(FROM_THE_ACTORS);
  }

  @Test
  void aTokenOfNoRunningContextIsRefused() {
    contexts.unregister(TOKEN);

    assertThat(gateway.recognises(TOKEN)).isFalse();
    assertThatThrownBy(() -> call("is-leader"))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(HookToolDenied.class);
    assertThat(askedTheActors).isEmpty();
  }
}
