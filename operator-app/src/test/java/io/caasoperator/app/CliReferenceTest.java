package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The CLI reference in docs/ says what the code's --help says, command for command. */
class CliReferenceTest {

  private static final Path DOC = Path.of("../docs/cli-reference.md");

  @Test
  void theReferenceIsTheCommandsOwnHelp() throws Exception {
    String generated = CliReference.render();
    if (Boolean.getBoolean("cli.reference.write")) {
      Files.writeString(DOC, generated, StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
        .as(
            "docs/cli-reference.md is out of date; write it again with: %s",
            CliReference.REGENERATE)
        .isEqualTo(generated);
  }

  @Test
  void everyCommandHasItsSection() {
    String generated = CliReference.render();
    for (String command :
        Main.commandLine().getSubcommands().keySet().stream()
            .filter(c -> !c.equals("help"))
            .toList()) {
      assertThat(generated).contains("\n## caas-operator " + command + "\n");
    }
  }
}
