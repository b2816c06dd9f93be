package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress line: what it says, how often it is drawn, and that it leaves nothing behind. */
class ProgressTest {
  private final AtomicLong now = new AtomicLong();
  private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();

  private Progress progress(String what, Progress.Unit unit) {
    return new Progress(
        new PrintStream(terminal, true, StandardCharsets.UTF_8), what, unit, now::get);
  }

  private String drawn() {
    return terminal.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theLineSaysHowFarWhatIsDoneIs() {
    long threeSeconds = TimeUnit.SECONDS.toNanos(3);
    assertThat(Progress.line("reading the journal", Progress.Unit.EVENTS, 0, -1, threeSeconds))
        .isEqualTo("reading the journal: 3 s");
    assertThat(Progress.line("exporting", Progress.Unit.EVENTS, 12_345, 100_000, threeSeconds))
        .isEqualTo("exporting: 12,345 of 100,000 events (12%), 3 s");
    assertThat(Progress.line("exporting", Progress.Unit.EVENTS, 12_345, -1, threeSeconds))
        .isEqualTo("exporting: 12,345 events, 3 s");
    assertThat(Progress.line("importing", Progress.Unit.BYTES, 5_452_595, 12_163_481, threeSeconds))
        .isEqualTo("importing: 44% (5.2 of 11.6 MiB), 3 s");
    assertThat(Progress.line("importing", Progress.Unit.BYTES, 1_048_576, -1, threeSeconds))
        .isEqualTo("importing: 1.0 MiB, 3 s");
  }

  @Test
  void itIsRedrawnInPlaceAtMostEveryFewHundredMilliseconds() {
    Progress progress = progress("exporting", Progress.Unit.EVENTS);
    progress.total(1000);

    progress.advance(1);
    assertThat(drawn()).as("too soon").isEmpty();
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(Progress.EVERY_MILLIS));
    progress.advance(1);
    progress.advance(1);
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(Progress.EVERY_MILLIS));
    progress.advance(1);

    assertThat(drawn())
        .isEqualTo(
            "\rexporting: 2 of 1,000 events (0%), 0 s\033[K\rexporting: 4 of 1,000 events (0%), 0 s\033[K");
  }

  @Test
  void closingErasesTheLineAndNothingIsDrawnAfter() {
    Progress progress = progress("exporting", Progress.Unit.EVENTS);
    now.addAndGet(TimeUnit.SECONDS.toNanos(1));
    progress.advance(1);

    progress.close();
    now.addAndGet(TimeUnit.SECONDS.toNanos(1));
    progress.advance(1);

    assertThat(drawn()).endsWith("\r\033[K").containsOnlyOnce("exporting");
  }

  @Test
  void withoutATerminalNothingIsDrawnAtAll() {
    Progress progress = new Progress(null, "exporting", Progress.Unit.EVENTS, now::get);
    now.addAndGet(TimeUnit.SECONDS.toNanos(5));
    progress.waiting();
    progress.advance(10);
    progress.close();

    assertThat(drawn()).isEmpty();
  }
}
