package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.JournalStatus;
import io.caasoperator.workload.ContainerTroubles;
import io.caasoperator.workload.DisplayedStatus;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * {@code GET /v1/status} and the probes {@code GET /healthz} (the process answers) and {@code GET
 * /readyz} (the operator has a specification and a charm to act on, and its journal can be
 * written). They ask the operator actor and never touch its state.
 *
 * <p>The journal's health ({@link JournalHealth}) is read directly, not through the operator: while
 * the journal is down the operator may be restarting and answer nothing, and that is exactly when
 * the probe and the status must say why.
 */
public final class StatusRoutes {
  private final OperatorAsk operator;
  private final ObjectMapper json;

  public StatusRoutes(
      ActorRef<OperatorActor.Command> operator,
      ActorSystem<?> system,
      ObjectMapper json,
      Duration askTimeout) {
    this.operator = new OperatorAsk(operator, system, askTimeout);
    this.json = json;
  }

  /** Unauthenticated: Kubernetes probes and Prometheus scrapers carry no token. */
  public Route probes() {
    return concat(
        path(
            "healthz",
            () ->
                get(
                    () ->
                        complete(
                            StatusCodes.OK, Map.of("status", "ok"), Jackson.marshaller(json)))),
        path("readyz", () -> get(this::ready)),
        MetricsRoute.of(OperatorMetrics.get(operator.system()).registry()));
  }

  /** {@code GET /v1/status}, under the caller's authentication. */
  public Route status() {
    return getStatus(
        () ->
            onComplete(
                view(),
                result -> {
                  JournalStatus journal = JournalHealth.get(operator.system()).status();
                  if (result.isSuccess()) {
                    ObjectNode body = json.valueToTree(result.get());
                    body.set("journal", json.valueToTree(journal));
                    return complete(StatusCodes.OK, body, Jackson.marshaller(json));
                  }
                  if (!journal.available()) {
                    // The operator is waiting for its journal (restarting,
                    // recovering): say so instead of a bare 408.
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("error", "journal_unavailable");
                    body.put(
                        "detail", "the operator is waiting for its journal: " + journal.detail());
                    body.put("journal", journal);
                    return complete(
                        StatusCodes.SERVICE_UNAVAILABLE, body, Jackson.marshaller(json));
                  }
                  return failWith(result.failed().get());
                }));
  }

  /** {@code GET /v1/status}, answered by {@code answer}. */
  static Route getStatus(java.util.function.Supplier<Route> answer) {
    return pathPrefix("v1", () -> path("status", () -> get(answer)));
  }

  /**
   * The operator's view, each unit's workload status as Juju displays it: a container whose Pebble
   * cannot start shows there ({@link DisplayedStatus}), read from {@link ContainerTroubles} as the
   * journal's health is, without asking the Pebbles.
   */
  private CompletionStage<ApplicationView> view() {
    return operator
        .<ApplicationView>ask(OperatorActor.GetStatus::new)
        .thenApply(view -> displayed(operator.system(), view));
  }

  /**
   * {@code view} with each unit's workload status as Juju displays it ({@link DisplayedStatus}).
   */
  static ApplicationView displayed(
      org.apache.pekko.actor.typed.ActorSystem<?> system, ApplicationView view) {
    ContainerTroubles troubles = ContainerTroubles.get(system);
    return view.withUnits(
        unit ->
            unit.withWorkloadStatus(
                DisplayedStatus.of(unit.workloadStatus(), troubles.of(unit.unit()))));
  }

  private Route ready() {
    JournalStatus journal = JournalHealth.get(operator.system()).status();
    if (!journal.available()) {
      return complete(
          StatusCodes.SERVICE_UNAVAILABLE,
          Map.of("status", "not ready", "journal", "unavailable: " + journal.detail()),
          Jackson.marshaller(json));
    }
    return onSuccess(
        view(),
        view -> {
          boolean ready = view.charm() != null && !"waiting".equals(view.status().value());
          return complete(
              ready ? StatusCodes.OK : StatusCodes.SERVICE_UNAVAILABLE,
              Map.of(
                  "status", ready ? "ready" : "not ready", "application", view.status().toString()),
              Jackson.marshaller(json));
        });
  }
}
