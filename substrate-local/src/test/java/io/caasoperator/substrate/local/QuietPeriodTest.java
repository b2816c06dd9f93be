package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.substrate.local.QuietPeriod.Decision;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class QuietPeriodTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final QuietPeriod QUIET = new QuietPeriod(Duration.ofMillis(300));

  /** The polls' view of the quiet period: each look is taken at a time and decided on. */
  private QuietPeriod.Tracking tracking = QuietPeriod.Tracking.initial();

  private Decision look(SpecFileRead seen, long atMillis) {
    Decision decision = QUIET.observe(tracking, seen, T0.plusMillis(atMillis));
    tracking = decision.tracking();
    return decision;
  }

  @Test
  void aChangeIsActedOnOnlyOnceItHasHeldStillForTheWholePeriod() {
    SpecFileRead spec = content("application: hello\ncharm: /c\nscale: 3\n", "t1");

    assertThat(look(spec, 0)).isEqualTo(new Decision.Wait(tracking, T0.plusMillis(300)));
    assertThat(look(spec, 250)).isInstanceOf(Decision.Wait.class);
    assertThat(look(spec, 300)).isInstanceOf(Decision.Act.class);
    assertThat(look(spec, 550)).isInstanceOf(Decision.Unchanged.class);
  }

  @Test
  void aWriteStillInProgressStartsThePeriodAfreshOnEveryChange() {
    // printf ... > app.yaml: truncated first, then written in pieces.
    SpecFileRead empty = content("", "t1");
    SpecFileRead half = content("application: hello\ncharm: /c\n", "t2");
    SpecFileRead whole = content("application: hello\ncharm: /c\nscale: 3\n", "t3");

    assertThat(look(empty, 0)).isInstanceOf(Decision.Wait.class);
    assertThat(look(half, 200)).isEqualTo(new Decision.Wait(tracking, T0.plusMillis(500)));
    assertThat(look(whole, 400)).isEqualTo(new Decision.Wait(tracking, T0.plusMillis(700)));
    assertThat(look(whole, 650)).isInstanceOf(Decision.Wait.class);
    assertThat(look(whole, 700)).isInstanceOf(Decision.Act.class);
    assertThat(tracking.acted()).isEqualTo(whole.identity());
  }

  @Test
  void theSameBytesWrittenAgainAreStillSettlingUntilTheModificationTimeHoldsStill() {
    SpecFileRead first = content("application: hello\ncharm: /c\n", "t1");
    SpecFileRead rewritten = content("application: hello\ncharm: /c\n", "t2");

    look(first, 0);
    assertThat(look(rewritten, 250)).isEqualTo(new Decision.Wait(tracking, T0.plusMillis(550)));
    assertThat(look(rewritten, 550)).isInstanceOf(Decision.Act.class);
  }

  @Test
  void aChangeUndoneBeforeItSettledIsNeverActedOn() {
    SpecFileRead good = content("application: hello\ncharm: /c\nscale: 3\n", "t1");
    look(good, 0);
    look(good, 300);

    SpecFileRead truncated = content("application: hello\ncharm: /c\n", "t2");
    SpecFileRead goodAgain = content("application: hello\ncharm: /c\nscale: 3\n", "t3");
    assertThat(look(truncated, 1000)).isInstanceOf(Decision.Wait.class);
    assertThat(look(goodAgain, 1100)).isInstanceOf(Decision.Unchanged.class);
    assertThat(look(goodAgain, 2000)).isInstanceOf(Decision.Unchanged.class);
    assertThat(tracking.waitingOn()).isNull();
  }

  @Test
  void aFileDeletedAndWrittenAgainWithinThePeriodIsNeverSeenMissing() {
    SpecFileRead good = content("application: hello\ncharm: /c\n", "t1");
    look(good, 0);
    look(good, 300);

    assertThat(look(new SpecFileRead.Missing(), 1000)).isInstanceOf(Decision.Wait.class);
    assertThat(look(content("application: hello\ncharm: /c\n", "t2"), 1100))
        .isInstanceOf(Decision.Unchanged.class);
  }

  @Test
  void aRefusalIsActedOnOnceLikeAnyChange() {
    SpecFileRead fifo = new SpecFileRead.Refused("spec app.yaml: is a named pipe (FIFO)", "fifo");

    assertThat(look(fifo, 0)).isInstanceOf(Decision.Wait.class);
    assertThat(look(fifo, 300)).isInstanceOf(Decision.Act.class);
    assertThat(look(fifo, 600)).isInstanceOf(Decision.Unchanged.class);
  }

  @Test
  void aZeroPeriodActsOnEveryChangeAtOnce() {
    QuietPeriod none = new QuietPeriod(Duration.ZERO);
    SpecFileRead spec = content("application: hello\ncharm: /c\n", "t1");

    Decision first = none.observe(QuietPeriod.Tracking.initial(), spec, T0);
    assertThat(first).isInstanceOf(Decision.Act.class);
    assertThat(none.observe(first.tracking(), spec, T0)).isInstanceOf(Decision.Unchanged.class);
  }

  @Test
  void aNegativePeriodIsRefused() {
    assertThatThrownBy(() -> new QuietPeriod(Duration.ofMillis(-1)))
        .hasMessage("quiet period must be >= 0, got PT-0.001S");
  }

  /** Content as a look finds it; {@code modified} stands for the file's size, time and inode. */
  private static SpecFileRead content(String text, String modified) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    String sha256 = SpecFileReader.sha256(bytes);
    return new SpecFileRead.Content(bytes, sha256, "content " + modified + " " + sha256);
  }
}
