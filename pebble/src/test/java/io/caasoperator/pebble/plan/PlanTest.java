package io.caasoperator.pebble.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanTest {
  private static Plan add(Plan plan, String label, boolean combine, String yaml)
      throws PlanFormatException {
    return PlanLayers.add(plan, LayerParser.parse(0, label, yaml), combine);
  }

  @Test
  void mergeAppendsOrderingAndMergesEnvironmentKeyByKey() throws Exception {
    Plan plan =
        add(
            Plan.EMPTY,
            "base",
            false,
            """
                services:
                  web:
                    override: replace
                    command: /bin/web [ --port 80 ]
                    startup: enabled
                    after: [db]
                    environment: {A: "1", B: "2"}
                  db: {override: replace, command: /bin/db}
                """);
    plan =
        add(
            plan,
            "more",
            false,
            """
                services:
                  web:
                    override: merge
                    after: [cache]
                    environment: {B: "3"}
                    kill-delay: 2s
                  cache: {override: replace, command: /bin/cache}
                """);
    ServiceSpec web = plan.services().get("web");
    assertThat(web.ordering().after()).containsExactly("db", "cache");
    assertThat(web.context().environment()).isEqualTo(Map.of("A", "1", "B", "3"));
    assertThat(web.startup()).isEqualTo(Startup.ENABLED);
    assertThat(web.policy().effectiveKillDelay()).hasSeconds(2);
    assertThat(web.argv()).containsExactly("/bin/web", "--port", "80");
    assertThat(plan.startOrder(List.of("web"))).containsExactly(List.of("web"));
    assertThat(
            plan.startOrder(List.of("web", "db", "cache")).stream().flatMap(List::stream).toList())
        .containsExactly("cache", "db", "web");
  }

  @Test
  void replaceForgetsWhatLowerLayersSaid() throws Exception {
    Plan plan =
        add(
            Plan.EMPTY,
            "a",
            false,
            "services: {s: {override: replace, command: x, environment: {A: b}}}");
    plan = add(plan, "b", false, "services: {s: {override: replace, command: y}}");
    assertThat(plan.services().get("s").context().environment()).isEmpty();
    assertThat(plan.services().get("s").command()).isEqualTo("y");
  }

  @Test
  void combineMergesIntoTheLayerOfTheSameLabelAndAddIsRefused() throws Exception {
    Plan plan = add(Plan.EMPTY, "a", false, "services: {s: {override: replace, command: x}}");
    Plan combined = add(plan, "a", true, "services: {s: {override: merge, user: root}}");
    assertThat(combined.layers()).hasSize(1);
    assertThat(combined.services().get("s").context().user()).isEqualTo("root");
    assertThatThrownBy(() -> add(plan, "a", false, "summary: x"))
        .hasMessage("layer \"a\" already exists");
  }

  @Test
  void everyServiceMustSayHowItOverrides() {
    assertThatThrownBy(() -> add(Plan.EMPTY, "a", false, "services: {s: {command: x}}"))
        .hasMessage("layer \"a\" must define \"override\" for service \"s\"");
  }

  @Test
  void badLayersAreRefusedWithTheirReason() {
    assertThatThrownBy(() -> LayerParser.parse(0, "a", "services: [oops"))
        .hasMessageStartingWith("cannot parse layer \"a\":");
    assertThatThrownBy(() -> LayerParser.parse(0, "a", "servicez: {}"))
        .hasMessage("cannot parse layer \"a\": unknown section \"servicez\"");
    assertThatThrownBy(
            () -> LayerParser.parse(0, "a", "services: {s: {override: replace, comand: x}}"))
        .hasMessageContaining("unknown field \"comand\"");
    assertThatThrownBy(() -> LayerParser.parse(0, "a", "services: {s: {override: sideways}}"))
        .hasMessageContaining("invalid \"override\" value \"sideways\"");
    assertThatThrownBy(
            () ->
                LayerParser.parse(
                    0, "a", "services: {s: {override: merge, on-check-failure: {up: fly}}}"))
        .hasMessageContaining("on-check-failure \"up\": ")
        .hasMessageContaining("fly");
    assertThatThrownBy(
            () -> LayerParser.parse(0, "a", "checks: {c: {override: merge, period: soon}}"))
        .hasMessageContaining("period: invalid duration \"soon\"");
    assertThatThrownBy(
            () -> LayerParser.parse(0, "a", "services: {s: {override: merge, kill-delay: 5}}"))
        .hasMessageContaining("missing unit");
    assertThatThrownBy(
            () -> LayerParser.parse(0, "a", "services: {s: {override: merge, command: \"[ x ]\"}}"))
        .hasMessageContaining("cannot start command with [ ... ] group");
    assertThatThrownBy(() -> LayerParser.parse(0, "pebble-x", "summary: x"))
        .hasMessage("cannot use reserved label prefix \"pebble-\"");
    assertThatThrownBy(
            () ->
                LayerParser.parse(0, "a", "services: {s: {override: merge, backoff-factor: 0.5}}"))
        .hasMessageContaining("backoff-factor must be 1.0 or greater");
    assertThatThrownBy(
            () ->
                LayerParser.parse(0, "a", "services: {s: {override: merge}, s: {override: merge}}"))
        .hasMessageContaining("Duplicate field 's'");
  }

  @Test
  void thePlanNeedsCommandsAndOneKindPerCheckAndNoLoops() {
    assertThatThrownBy(() -> add(Plan.EMPTY, "a", false, "services: {s: {override: merge}}"))
        .hasMessage("plan must define \"command\" for service \"s\"");
    assertThatThrownBy(
            () -> add(Plan.EMPTY, "a", false, "checks: {c: {override: merge, period: 1s}}"))
        .hasMessage("plan must specify one of \"http\", \"tcp\", or \"exec\" for check \"c\"");
    assertThatThrownBy(
            () ->
                add(
                    Plan.EMPTY,
                    "a",
                    false,
                    """
                services:
                  a: {override: replace, command: x, after: [b]}
                  b: {override: replace, command: x, after: [a]}
                """))
        .hasMessage("services in before/after loop: a, b");
  }

  @Test
  void checkDefaultsFollowPebble() throws Exception {
    Plan plan =
        add(
            Plan.EMPTY,
            "a",
            false,
            "checks: {c: {override: replace, period: 2s, tcp: {port: 80}}}");
    CheckSpec c = plan.checks().get("c");
    assertThat(c.effectiveTimeout()).hasSeconds(2);
    assertThat(c.effectiveThreshold()).isEqualTo(3);
  }

  @Test
  void planYamlLeavesUnsetFieldsOutAndQuotesWhatYamlWouldMisread() throws Exception {
    Plan plan =
        add(
            Plan.EMPTY,
            "a",
            false,
            "services: {s: {override: replace, command: x, environment: {N: \"1\"}, backoff-delay: 1500ms}}");
    assertThat(PlanYaml.write(plan))
        .isEqualTo(
            """
                services:
                  s:
                    override: replace
                    command: x
                    environment:
                      "N": "1"
                    backoff-delay: 1.5s
                """);
    assertThat(PlanYaml.write(Plan.EMPTY)).isEqualTo("{}\n");
  }
}
