package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolOutcome;
import org.junit.jupiter.api.Test;

/**
 * {@code network-get} as Juju 3.6 prints it for a Kubernetes unit (network-get.go, its display
 * structs; networkinfocaas.go): field order, YAML's extra keys, omitted empty lists, single values.
 */
class NetworkToolsTest {

  /** Pod 10.1.2.3 behind the application's Service 10.152.183.7. */
  private final TestContext ctx = TestContext.follower();

  @Test
  void jsonIsJujusDisplayStructInFieldOrder() {
    assertThat(ctx.run("network-get", "db", "--format=json").stdout())
        .isEqualTo(
            "{\"bind-addresses\":[{\"mac-address\":\"\",\"interface-name\":\"\",\"addresses\":"
                + "[{\"hostname\":\"\",\"value\":\"10.1.2.3\",\"cidr\":\"\"}]}],"
                + "\"egress-subnets\":[\"10.152.183.7/32\"],\"ingress-addresses\":[\"10.152.183.7\"]}\n");
  }

  @Test
  void yamlAndSmartCarryTheCopiesOlderAgentsRead() {
    String yaml =
        """
                bind-addresses:
                - mac-address: ""
                  interface-name: ""
                  addresses:
                  - hostname: ""
                    value: 10.1.2.3
                    cidr: ""
                    address: 10.1.2.3
                  macaddress: ""
                  interfacename: ""
                egress-subnets:
                - 10.152.183.7/32
                ingress-addresses:
                - 10.152.183.7
                """;
    assertThat(ctx.run("network-get", "db").stdout()).isEqualTo(yaml);
    assertThat(ctx.run("network-get", "db", "--format", "yaml").stdout()).isEqualTo(yaml);
  }

  @Test
  void oneFlagPrintsItsValueAloneAndSeveralAMapWithSortedKeys() {
    assertThat(ctx.run("network-get", "db", "--ingress-address").stdout())
        .isEqualTo("10.152.183.7\n");
    assertThat(ctx.run("network-get", "db", "--bind-address").stdout()).isEqualTo("10.1.2.3\n");
    assertThat(ctx.run("network-get", "db", "--egress-subnets").stdout())
        .isEqualTo("10.152.183.7/32\n");
    assertThat(
            ctx.run("network-get", "db", "--egress-subnets", "--bind-address", "--format=json")
                .stdout())
        .isEqualTo("{\"bind-address\":\"10.1.2.3\",\"egress-subnets\":[\"10.152.183.7/32\"]}\n");
    assertThat(ctx.run("network-get", "db", "--primary-address").stdout()).isEqualTo("10.1.2.3\n");
    assertThat(ctx.run("network-get", "db", "--primary-address", "--bind-address").stderr())
        .isEqualTo("ERROR --primary-address must be the only flag specified\n");
  }

  @Test
  void withoutAServiceThePodIpIsIngressAndEgress() {
    TestContext pod = ctx.withAddresses(UnitAddresses.kubernetes("10.1.2.3", null, null));
    assertThat(pod.run("network-get", "db", "--format=json").stdout())
        .isEqualTo(
            "{\"bind-addresses\":[{\"mac-address\":\"\",\"interface-name\":\"\",\"addresses\":"
                + "[{\"hostname\":\"\",\"value\":\"10.1.2.3\",\"cidr\":\"\"}]}],"
                + "\"egress-subnets\":[\"10.1.2.3/32\"],\"ingress-addresses\":[\"10.1.2.3\"]}\n");
    assertThat(pod.run("unit-get", "private-address").stdout()).isEqualTo("10.1.2.3\n");
    assertThat(pod.run("unit-get", "public-address").stdout()).isEqualTo("10.1.2.3\n");
  }

  @Test
  void aUnitWithoutAddressesYetHasNoNetworkConfigAndNoAddress() {
    TestContext none = ctx.withAddresses(UnitAddresses.UNKNOWN);
    ToolOutcome get = none.run("network-get", "db");
    assertThat(get.exitCode()).isEqualTo(1);
    assertThat(get.stderr()).isEqualTo("ERROR no network config found for binding \"db\"\n");
    assertThat(none.run("unit-get", "private-address").stderr())
        .isEqualTo("ERROR no private address(es)\n");
  }

  @Test
  void usageErrorsAreJujus() {
    assertThat(ctx.run("network-get")).isEqualTo(ToolOutcome.failed(2, "no arguments specified"));
    assertThat(ctx.run("network-get", ""))
        .isEqualTo(ToolOutcome.failed(2, "no binding name specified"));
    assertThat(ctx.run("network-get", "db", "extra"))
        .isEqualTo(ToolOutcome.failed(2, "unrecognized args: [\"extra\"]"));
    assertThat(ctx.run("network-get", "db", "--format=xml").exitCode()).isEqualTo(2);
  }

  @Test
  void aRelationIdNamesNoRelationSoOpsRaisesRelationNotFound() {
    ToolOutcome byId = ctx.run("network-get", "db", "-r", "db:3", "--format=json");
    assertThat(byId)
        .isEqualTo(ToolOutcome.failed(2, "invalid value \"db:3\" for flag -r: relation not found"));
    assertThat(ctx.run("network-get", "db", "-r", "x").stderr())
        .isEqualTo("ERROR invalid value \"x\" for flag -r: invalid relation id\n");
  }
}
