package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.metrics.OperatorMetrics.ApiRequests;
import io.caasoperator.metrics.OperatorMetrics.UnitStatus;
import io.caasoperator.operator.OperatorActor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What a Prometheus scrape of {@code GET /metrics} shows of the operator's platform metrics. */
class MetricsRouteTest {
  @RegisterExtension
  static final AdminListener listener =
      new AdminListener(
          new AdminToken("metrics-test-token-0123456789-0123456789"),
          testKit -> testKit.spawn(Behaviors.<OperatorActor.Command>ignore()),
          Duration.ofSeconds(5));

  private static OperatorMetrics metrics;

  @BeforeAll
  static void metrics() {
    metrics = OperatorMetrics.get(listener.testKit().system());
  }

  private static String scrape() throws Exception {
    try (var client = listener.anonymous()) {
      var response = client.get("/metrics");
      assertThat(response.statusCode()).isEqualTo(200);
      return response.body();
    }
  }

  @Test
  void unitsAreCountedByLifeAgentAndWorkloadStatusAndAReportReplacesTheLast() throws Exception {
    metrics.unitsReported(
        List.of(
            new UnitStatus("alive", "idle", "active"),
            new UnitStatus("alive", "idle", "active"),
            new UnitStatus("alive", "error", "error"),
            new UnitStatus("dying", "executing", "maintenance")));
    assertThat(scrape())
        .contains("# TYPE caas_units gauge")
        .contains("caas_units{agent=\"idle\",life=\"alive\",workload=\"active\"} 2.0")
        .contains("caas_units{agent=\"error\",life=\"alive\",workload=\"error\"} 1.0")
        .contains("caas_units{agent=\"executing\",life=\"dying\",workload=\"maintenance\"} 1.0");

    metrics.unitsReported(List.of(new UnitStatus("alive", "idle", "active")));
    assertThat(scrape())
        .contains("caas_units{agent=\"idle\",life=\"alive\",workload=\"active\"} 1.0")
        .doesNotContain("workload=\"error\"");

    metrics.unitsReported(List.of()); // standing by: another replica counts them
    assertThat(scrape()).doesNotContain("caas_units{");
  }

  @Test
  void buildInfoNamesTheVersionAndTheJavaRuntime() throws Exception {
    metrics.buildInfo("1.2.3", "21.0.5+11");
    assertThat(scrape())
        .contains("caas_build_info{java_version=\"21.0.5+11\",version=\"1.2.3\"} 1");
  }

  @Test
  void leaderIsOneWhileThisReplicaActsAndTermsCountEachTimeItBeganTo() throws Exception {
    AtomicBoolean acting = new AtomicBoolean(false);
    metrics.leadership(acting::get);
    assertThat(scrape()).contains("caas_leader 0.0");
    acting.set(true);
    metrics.termStarted();
    metrics.termStarted();
    assertThat(scrape()).contains("caas_leader 1.0").contains("caas_leader_terms_total 2.0");
  }

  @Test
  void kubernetesApiRequestsByVerbAndCodeAndErrorsByVerbLeavingOutExpectedAnswers()
      throws Exception {
    metrics.kubernetesApi(
        () ->
            List.of(
                new ApiRequests("get", "200", 7),
                new ApiRequests("get", "404", 2),
                new ApiRequests("patch", "409", 1),
                new ApiRequests("patch", "422", 1),
                new ApiRequests("watch", "410", 3),
                new ApiRequests("list", "error", 4),
                new ApiRequests("create", "403", 1),
                new ApiRequests("list", "503", 2)));
    assertThat(scrape())
        .contains("caas_kubernetes_api_requests_total{code=\"200\",verb=\"get\"} 7.0")
        .contains("caas_kubernetes_api_requests_total{code=\"error\",verb=\"list\"} 4.0")
        .contains("caas_kubernetes_api_errors_total{verb=\"list\"} 6.0")
        .contains("caas_kubernetes_api_errors_total{verb=\"patch\"} 1.0")
        .contains("caas_kubernetes_api_errors_total{verb=\"create\"} 1.0")
        .doesNotContain("caas_kubernetes_api_errors_total{verb=\"get\"}")
        .doesNotContain("caas_kubernetes_api_errors_total{verb=\"watch\"}");
  }
}
