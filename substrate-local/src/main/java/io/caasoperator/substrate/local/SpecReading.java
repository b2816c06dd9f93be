package io.caasoperator.substrate.local;

import io.caasoperator.domain.CharmRef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A specification file read as far as it could be: every problem found, and the charm and config it
 * names even when other keys are wrong. {@code validate} checks that charm and config against each
 * other whatever else is wrong, so one run lists a negative scale and an option the charm does not
 * have together; {@code run} and the watcher need the whole of it ({@link #orThrow}).
 *
 * @param summary every problem on one line ({@code spec FILE: a; b}), for a status or a log line
 * @param problems every problem as a sentence of its own that names the file
 * @param charm the charm reference, when {@code charm} and {@code sha256} are good
 * @param config the config settings that have a usable value (those that have none are problems)
 * @param spec the specification, only when there is no problem
 */
public record SpecReading(
    String summary,
    List<String> problems,
    Optional<CharmRef> charm,
    Map<String, Object> config,
    Optional<LocalSpec> spec) {

  public SpecReading {
    problems = List.copyOf(problems);
    config = Map.copyOf(config);
    if (problems.isEmpty() != spec.isPresent())
      throw new IllegalArgumentException("a specification comes with no problems, and only then");
  }

  /** A file that could not be read as a specification at all; {@code sentence} names the file. */
  static SpecReading refused(String sentence) {
    return new SpecReading(
        sentence, List.of(sentence), Optional.empty(), Map.of(), Optional.empty());
  }

  /** The problems of the keys of {@code file}, each said without the file's name. */
  static SpecReading examined(
      Path file,
      List<String> keyProblems,
      Optional<CharmRef> charm,
      Map<String, Object> config,
      Optional<LocalSpec> spec) {
    String prefix = "spec " + file + ": ";
    return new SpecReading(
        keyProblems.isEmpty() ? "" : prefix + String.join("; ", keyProblems),
        keyProblems.stream().map(p -> prefix + p).toList(),
        charm,
        config,
        spec);
  }

  /** The specification, or every problem as one exception. */
  public LocalSpec orThrow() throws InvalidSpecException {
    if (spec.isPresent()) return spec.get();
    throw new InvalidSpecException(summary, problems);
  }
}
