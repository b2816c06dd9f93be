package io.caasoperator.hooktool;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.substrate.local.LocalSubstrate;
import org.junit.jupiter.api.Test;

/**
 * {@code network-get} of a unit on the local substrate (its {@link LocalSubstrate#LOOPBACK}), as
 * Juju 3.6 prints it (network-get.go): the tool's other cases are the core's {@code
 * NetworkToolsTest}, with the fixture of operator-actors' test-jar.
 */
class LocalNetworkToolsTest {
  private final TestContext ctx = TestContext.follower();

  @Test
  void theLocalSubstratesLoopbackHasAnInterfaceNameAndCidr() {
    TestContext local = ctx.withAddresses(LocalSubstrate.LOOPBACK);
    assertThat(local.run("network-get", "website", "--format=json").stdout())
        .isEqualTo(
            "{\"bind-addresses\":[{\"mac-address\":\"\",\"interface-name\":\"lo\",\"addresses\":"
                + "[{\"hostname\":\"\",\"value\":\"127.0.0.1\",\"cidr\":\"127.0.0.0/8\"}]}],"
                + "\"egress-subnets\":[\"127.0.0.1/32\"],\"ingress-addresses\":[\"127.0.0.1\"]}\n");
  }
}
