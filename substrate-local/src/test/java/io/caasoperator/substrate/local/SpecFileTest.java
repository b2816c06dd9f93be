package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.caasoperator.domain.CharmRef;
import io.caasoperator.substrate.Specification;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecFileTest {

  private static final String SHA =
      "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08";

  @TempDir Path dir;

  @Test
  void aMinimalSpecGetsTheDefaults() throws Exception {
    LocalSpec spec = parse("application: hello\ncharm: /srv/charms/hello\n");

    assertThat(spec.scale()).isEqualTo(1);
    Specification specification = spec.specification();
    assertThat(specification.application().value()).isEqualTo("hello");
    assertThat(specification.charm()).isEqualTo(new CharmRef("/srv/charms/hello", null, 0, false));
    assertThat(specification.config()).isEmpty();
    assertThat(specification.updateStatusInterval()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void everyKeyIsRead() throws Exception {
    LocalSpec spec =
        parse(
            """
        application: my-app
        charm: https://example.com/hello.charm
        sha256: %s
        modified-version: 4
        force-upgrade: true
        scale: 3
        config:
          greeting: hi
          port: 8080
          ratio: 0.5
          debug: false
        update-status-interval: 30s
        """
                .formatted(SHA));

    Specification specification = spec.specification();
    assertThat(spec.scale()).isEqualTo(3);
    assertThat(specification.application().value()).isEqualTo("my-app");
    assertThat(specification.charm())
        .isEqualTo(new CharmRef("https://example.com/hello.charm", SHA.toLowerCase(), 4, true));
    assertThat(specification.config())
        .isEqualTo(Map.of("greeting", "hi", "port", 8080, "ratio", 0.5, "debug", false));
    assertThat(specification.updateStatusInterval()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void intervalsAreReadInGoSyntax() throws Exception {
    assertThat(interval("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(interval("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(interval("1h30m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(interval("5m")).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void aRelativeCharmPathIsResolvedAgainstTheSpecFilesDirectory() throws Exception {
    Path file = write("examples/hello/app.yaml", "application: hello\ncharm: ../charms/hello\n");

    LocalSpec spec = SpecFile.read(file);

    assertThat(spec.specification().charm().url())
        .isEqualTo(dir.resolve("examples/charms/hello").toAbsolutePath().toString());
  }

  @Test
  void urlsAreKeptAsWritten() throws Exception {
    for (String url : new String[] {"http://h/c.charm", "https://h/c.charm", "file:/srv/c.charm"}) {
      assertThat(parse("application: hello\ncharm: " + url + "\n").specification().charm().url())
          .isEqualTo(url);
    }
  }

  @Test
  void aBadValueAndAnUnknownKeyAreReportedTogetherNamingTheFile() throws IOException {
    Path file = write("app.yaml", "application: hello\ncharm: /c\ncolour: red\nscale: -1\n");

    assertThatThrownBy(() -> SpecFile.read(file))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage("spec " + file + ": \"scale\": must be >= 0, got -1; unknown key \"colour\"");
  }

  @Test
  void examiningAWrongSpecStillYieldsItsCharmAndConfigWithEveryProblemOnItsOwn()
      throws IOException {
    Path file =
        write("app.yaml", "application: hello\ncharm: /c\nscale: -1\nconfig: {colour: red}\n");

    SpecReading reading = SpecFile.examine(file);

    assertThat(reading.problems())
        .containsExactly("spec " + file + ": \"scale\": must be >= 0, got -1");
    assertThat(reading.charm()).contains(new CharmRef("/c", null, 0, false));
    assertThat(reading.config()).isEqualTo(Map.of("colour", "red"));
    assertThat(reading.spec()).isEmpty();
    assertThatThrownBy(reading::orThrow)
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            e -> assertThat(e.problems()).isEqualTo(reading.problems()));
  }

  @Test
  void aCharmWithABadSha256IsNotHandedOutForChecking() throws IOException {
    Path file = write("app.yaml", "application: hello\ncharm: /c\nsha256: abc\n");

    assertThat(SpecFile.examine(file).charm()).isEmpty();
  }

  @Test
  void everyProblemIsReportedAtOnce() throws IOException {
    Path file =
        write(
            "app.yaml",
            """
        application: Hello_World
        sha256: abc
        modified-version: -2
        force-upgrade: "yes"
        scale: "3"
        config:
          nested: {a: 1}
          list: [1, 2]
          empty:
        update-status-interval: 5 minutes
        """);

    assertThatThrownBy(() -> SpecFile.read(file))
        .hasMessageStartingWith("spec " + file + ": ")
        .hasMessageContaining("\"application\": \"Hello_World\" is not a valid application name")
        .hasMessageContaining("\"charm\": is required")
        .hasMessageContaining("\"sha256\": expected 64 hexadecimal digits, got \"abc\"")
        .hasMessageContaining("\"modified-version\": must be >= 0, got -2")
        .hasMessageContaining("\"force-upgrade\": expected true or false")
        .hasMessageContaining("\"scale\": expected a whole number, got the string \"3\"")
        .hasMessageContaining("\"config.nested\": nested maps and lists are not supported")
        .hasMessageContaining("\"config.list\": nested maps and lists are not supported")
        .hasMessageContaining("\"config.empty\": has no value")
        .hasMessageContaining("\"update-status-interval\": expected a positive duration");
  }

  @Test
  void configAndResourcesThatAreNotMappingsAreReportedSayingWhatTheyMap() throws IOException {
    Path file =
        write(
            "app.yaml", "application: hello\ncharm: /c\nconfig: [greeting]\nresources: ./files\n");

    assertThatThrownBy(() -> SpecFile.read(file))
        .hasMessage(
            "spec "
                + file
                + ": \"config\": expected a mapping of option names to values, got a list; "
                + "\"resources\": expected a mapping of resource names to file paths, got the"
                + " string \"./files\"");
  }

  @Test
  void brokenYamlIsReportedWithTheParsersLineAndColumn() throws IOException {
    Path file = write("app.yaml", "application: hello\ncharm: [unclosed\nscale: 1\n");

    assertThatThrownBy(() -> SpecFile.read(file))
        .hasMessageStartingWith("spec " + file + ": invalid YAML at line ")
        .hasMessageContaining("column ");
  }

  @Test
  void aDuplicateKeyIsAnError() throws IOException {
    Path file = write("app.yaml", "application: hello\ncharm: /c\nscale: 1\nscale: 2\n");

    assertThatThrownBy(() -> SpecFile.read(file)).hasMessageContaining("scale");
  }

  @Test
  void anEmptyFileOrAListIsAnError() throws IOException {
    Path empty = write("empty.yaml", "");
    Path list = write("list.yaml", "- application: hello\n");

    assertThatThrownBy(() -> SpecFile.read(empty)).hasMessageContaining("the file is empty");
    assertThatThrownBy(() -> SpecFile.read(list)).hasMessageContaining("expected a mapping");
  }

  @Test
  void aMissingFileIsReported() {
    Path file = dir.resolve("nowhere.yaml");

    assertThatThrownBy(() -> SpecFile.read(file))
        .hasMessage("spec " + file + ": file does not exist");
  }

  @Test
  void anAliasIsRefusedRatherThanReadAsItsAnchorsName() throws IOException {
    // Without the check, greeting would quietly be the string "hi" (the anchor's name).
    Path file =
        write("app.yaml", "application: hello\ncharm: /c\nscale: &hi 2\nconfig: {greeting: *hi}\n");

    assertThatThrownBy(() -> SpecFile.read(file))
        .hasMessageStartingWith("spec " + file + ": invalid YAML at line 4")
        .hasMessageContaining(
            "aliases (*hi) are not supported in a specification; write the value out");
  }

  @Test
  void deepNestingIsRefusedByTheParser() {
    String deep =
        "application: hello\ncharm: /c\nconfig: {a: " + "[".repeat(50) + "]".repeat(50) + "}\n";

    assertThatThrownBy(() -> parse(deep))
        .hasMessageStartingWith("spec " + dir.resolve("app.yaml") + ": invalid YAML")
        .hasMessageContaining("nesting depth");
  }

  @Test
  void contentOverTheLimitIsRefusedBeforeItIsParsed() {
    // One long value, the kind of file that once held the watcher for a minute.
    byte[] content =
        ("application: hello\ncharm: /c\nconfig: {greeting: "
                + "x".repeat((int) SpecFile.MAX_BYTES)
                + "}\n")
            .getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> SpecFile.parse(dir.resolve("app.yaml"), content))
        .hasMessage(
            "spec "
                + dir.resolve("app.yaml")
                + ": the file is "
                + content.length
                + " bytes (1.0 MiB);"
                + " a specification may be at most 1048576 bytes (1 MiB)");
  }

  @Test
  void readingAtStartUpRefusesANamedPipeWithoutWaitingForAWriter() throws Exception {
    Path fifo = Fifo.make(dir.resolve("app.yaml"));
    try {
      assertTimeoutPreemptively(
          Duration.ofSeconds(10),
          () ->
              assertThatThrownBy(() -> SpecFile.read(fifo))
                  .isInstanceOf(InvalidSpecException.class)
                  .hasMessageContaining("is a named pipe (FIFO), not a regular file"));
    } finally {
      Fifo.release(fifo);
    }
  }

  @Test
  void readingAtStartUpRefusesAHugeFileByItsSize() throws IOException {
    Path file =
        write(
            "app.yaml",
            "application: hello\ncharm: /c\nconfig: {greeting: "
                + "x".repeat(3 * (int) SpecFile.MAX_BYTES)
                + "}\n");

    assertThatThrownBy(() -> SpecFile.read(file))
        .hasMessageContaining("the file is " + Files.size(file) + " bytes (3.0 MiB)");
  }

  private Duration interval(String text) throws Exception {
    return parse("application: hello\ncharm: /c\nupdate-status-interval: " + text + "\n")
        .specification()
        .updateStatusInterval();
  }

  private LocalSpec parse(String yaml) throws Exception {
    return SpecFile.parse(dir.resolve("app.yaml"), yaml.getBytes(StandardCharsets.UTF_8));
  }

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, content);
  }
}
