package io.caasoperator.app.juju;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * A {@code --wait} value as Go's {@code time.ParseDuration} reads it ({@code 60s}, {@code 1m30s},
 * {@code 1.5s}, {@code 500ms}: jubilant writes {@code f'{wait}s'}, so {@code 60.0s} too); anything
 * else is a usage error in Juju's words. As a mixin, the flag itself, of the commands that wait for
 * a task or an operation ({@link TaskOptions}, {@link ResultWait}).
 */
final class WaitOption {

  @Option(names = "--wait", paramLabel = "DURATION", description = "How long to wait for it.")
  String given;

  /** Whether {@code --wait} was given. */
  boolean given() {
    return given != null;
  }

  /** {@code --wait}, else {@code otherwise}. */
  Duration or(Duration otherwise) {
    return given == null ? otherwise : parse(given);
  }

  private static final Pattern WHOLE =
      Pattern.compile("(?:\\d+(?:\\.\\d*)?(?:ns|us|µs|ms|s|m|h))+");
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?)(ns|us|µs|ms|s|m|h)");

  static Duration parse(String text) {
    if (!WHOLE.matcher(text).matches())
      throw JujuFailure.usage(
          "invalid value \""
              + text
              + "\" for option --wait: time: invalid duration \""
              + text
              + "\"");
    BigDecimal nanos = BigDecimal.ZERO;
    Matcher part = PART.matcher(text);
    while (part.find()) {
      long unit =
          switch (part.group(2)) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
          };
      nanos = nanos.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(unit)));
    }
    if (nanos.signum() == 0)
      throw JujuFailure.usage("invalid value \"" + text + "\" for option --wait: must be positive");
    return Duration.ofNanos(nanos.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue());
  }
}
