package io.caasoperator.pebble.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

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
  void everyEntryMustSayHowItOverrides() {
    assertThatThrownBy(() -> add(Plan.EMPTY, "a", false, "services: {s: {command: x}}"))
        .hasMessage("layer \"a\" must define \"override\" for service \"s\"");
    assertThatThrownBy(() -> add(Plan.EMPTY, "a", false, "checks: {c: {tcp: {port: 80}}}"))
        .hasMessage("layer \"a\" must define \"override\" for check \"c\"");
    assertThatThrownBy(() -> add(Plan.EMPTY, "a", false, "log-targets: {t: {type: loki}}"))
        .hasMessage("layer \"a\" must define \"override\" for log target \"t\"");
  }

  @Test
  void badLayersAreRefusedWithTheirReason() {
    assertThat(refusal("services: [oops")).startsWith("cannot parse layer \"a\":");
    assertThat(refusal("servicez: {}"))
        .isEqualTo("cannot parse layer \"a\": unknown section \"servicez\"");
    assertThat(refusal("services: {s: {override: replace, comand: x}}"))
        .contains("unknown field \"comand\"");
    assertThat(refusal("services: {s: {override: sideways}}"))
        .contains("invalid \"override\" value \"sideways\"");
    assertThat(refusal("services: {s: {override: merge, on-check-failure: {up: fly}}}"))
        .contains("on-check-failure \"up\": ")
        .contains("fly");
    assertThat(refusal("checks: {c: {override: merge, period: soon}}"))
        .contains("period: invalid duration \"soon\"");
    assertThat(refusal("services: {s: {override: merge, kill-delay: 5}}")).contains("missing unit");
    assertThat(refusal("services: {s: {override: merge, command: \"[ x ]\"}}"))
        .contains("cannot start command with [ ... ] group");
    assertThatThrownBy(() -> LayerParser.parse(0, "pebble-x", "summary: x"))
        .hasMessage("cannot use reserved label prefix \"pebble-\"");
    assertThat(refusal("services: {s: {override: merge, backoff-factor: 0.5}}"))
        .contains("backoff-factor must be 1.0 or greater");
    assertThat(refusal("services: {s: {override: merge}, s: {override: merge}}"))
        .contains("Duplicate field 's'");
  }

  /** Why {@link LayerParser} refuses {@code yaml} as layer "a". */
  private static String refusal(String yaml) {
    Throwable refused = catchThrowable(() -> LayerParser.parse(0, "a", yaml));
    assertThat(refused).isInstanceOf(PlanFormatException.class);
    return refused.getMessage();
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

  @Test
  void planYamlWritesEachKindOfCheckAndLogTargets() throws Exception {
    Plan plan =
        add(
            Plan.EMPTY,
            "a",
            false,
            """
                checks:
                  h: {override: replace, level: alive, http: {url: "http://x/", headers: {A: b}}}
                  t: {override: replace, period: 5s, tcp: {port: 80}}
                  x: {override: replace, threshold: 2, exec: {command: true, user: root}}
                log-targets:
                  l: {override: merge, type: loki, location: "http://l/", services: [all]}
                """);
    assertThat(PlanYaml.write(plan))
        .isEqualTo(
            """
                checks:
                  h:
                    override: replace
                    level: alive
                    http:
                      url: http://x/
                      headers:
                        A: b
                  t:
                    override: replace
                    period: 5s
                    tcp:
                      port: 80
                  x:
                    override: replace
                    threshold: 2
                    exec:
                      command: "true"
                      user: root
                log-targets:
                  l:
                    type: loki
                    location: http://l/
                    services:
                      - all
                    override: merge
                """);
  }
}
