package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code resource-get}: Juju's arguments, output (no newline) and errors. */
class ResourceToolsTest {

  private final TestContext ctx;

  ResourceToolsTest() {
    TestContext base = TestContext.follower();
    TestContext.Extras e = base.extras();
    ctx =
        base.with(
            new TestContext.Extras(
                e.addresses(),
                e.storage(),
                e.hookStorage(),
                e.charmStorage(),
                e.canAddStorage(),
                Map.of("software", "/srv/resources/software.zip")));
  }

  @Test
  void printsTheFilesPathWithoutANewlineAsJujuDoes() {
    assertThat(ctx.run("resource-get", "software"))
        .isEqualTo(ToolOutcome.printed("/srv/resources/software.zip"));
  }

  @Test
  void aResourceWithoutAFileIsAClearErrorNamingOciImages() {
    ToolOutcome image = ctx.run("resource-get", "web-image");
    assertThat(image.exitCode()).isEqualTo(1);
    assertThat(image.stderr())
        .startsWith("ERROR could not download resource: resource \"web-image\" has no file")
        .contains("OCI image");
  }

  @Test
  void argumentsAreJujus() {
    assertThat(ctx.run("resource-get"))
        .isEqualTo(ToolOutcome.failed(2, "missing required resource name"));
    assertThat(ctx.run("resource-get", "a", "b"))
        .isEqualTo(ToolOutcome.failed(2, "unrecognized args: [\"b\"]"));
    assertThat(ctx.run("resource-get", "--format=json", "software"))
        .isEqualTo(ToolOutcome.failed(2, "flag provided but not defined: --format"));
  }
}
