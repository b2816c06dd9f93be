package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortToolsTest {

  private final TestContext ctx = TestContext.follower();

  @Test
  void openPortTakesPortsRangesAndIcmp() {
    assertThat(ctx.run("open-port", "80").effects())
        .containsExactly(new ToolEffect.PortOpened(Port.of(80, "tcp")));
    assertThat(ctx.run("open-port", "53/udp").effects())
        .containsExactly(new ToolEffect.PortOpened(Port.of(53, "udp")));
    assertThat(ctx.run("open-port", "8000-8010/TCP").effects())
        .containsExactly(new ToolEffect.PortOpened(Port.range(8000, 8010, "tcp")));
    assertThat(ctx.run("open-port", "icmp").effects())
        .containsExactly(new ToolEffect.PortOpened(Port.icmp()));
    assertThat(ctx.run("close-port", "80/tcp").effects())
        .containsExactly(new ToolEffect.PortClosed(Port.of(80, "tcp")));
  }

  @Test
  void invalidPortsAreUsageErrorsInJujusWords() {
    assertThat(ctx.run("open-port", "http").stderr())
        .isEqualTo(
            "ERROR expected <port>[/<protocol>] or <from>-<to>[/<protocol>] or icmp; got \"http\"\n");
    assertThat(ctx.run("open-port", "70000").stderr())
        .isEqualTo("ERROR port must be in the range [1, 65535]; got \"70000\"\n");
    assertThat(ctx.run("open-port", "90-80").stderr())
        .isEqualTo("ERROR invalid port range 90-80/tcp; expected fromPort <= toPort\n");
    assertThat(ctx.run("open-port", "80/sctp").stderr())
        .isEqualTo("ERROR protocol must be \"tcp\", \"udp\", or \"icmp\"; got \"sctp\"\n");
    assertThat(ctx.run("close-port").stderr()).isEqualTo("ERROR no port or range specified\n");
    assertThat(ctx.run("open-port", "80").exitCode()).isZero();
    assertThat(ctx.run("open-port", "80", "81").exitCode()).isEqualTo(2);
  }

  @Test
  void theDeprecatedFormatFlagIsAcceptedWithAWarning() {
    ToolOutcome outcome = ctx.run("open-port", "--format", "json", "80");

    assertThat(outcome.exitCode()).isZero();
    assertThat(outcome.stderr()).isEqualTo("--format flag deprecated for command \"open-port\"\n");
  }

  @Test
  void openedPortsPrintsOneLinePerPortSorted() {
    TestContext opened =
        ctx.withPorts(
            Set.of(
                Port.of(8080, "tcp"),
                Port.icmp(),
                Port.range(1000, 2000, "udp"),
                Port.of(80, "tcp")));

    assertThat(opened.run("opened-ports").stdout())
        .isEqualTo("icmp\n80/tcp\n8080/tcp\n1000-2000/udp\n");
    assertThat(opened.run("opened-ports", "--format=json").stdout())
        .isEqualTo("[\"icmp\",\"80/tcp\",\"8080/tcp\",\"1000-2000/udp\"]\n");
    assertThat(ctx.run("opened-ports").stdout()).isEmpty();
    assertThat(ctx.run("opened-ports", "--format=json").stdout()).isEqualTo("[]\n");
  }
}
