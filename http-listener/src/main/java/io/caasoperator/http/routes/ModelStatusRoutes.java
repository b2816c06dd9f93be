package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.runtime.ModelActor;
import io.caasoperator.model.runtime.ModelOverview;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalHealth;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * {@code GET /v1/status} and {@code GET /readyz} of a model: every application's own status (as a
 * single application's {@code /v1/status} shows it), and the model's relations, each with its id,
 * endpoints and interface. The model is asked which applications it has, then each application's
 * operator, by name, through the model.
 */
public final class ModelStatusRoutes {
  private final ActorRef<ModelActor.Command> model;
  private final ActorSystem<?> system;
  private final ObjectMapper json;
  private final Duration timeout;

  public ModelStatusRoutes(
      ActorRef<ModelActor.Command> model, ActorSystem<?> system, ObjectMapper json, Duration ask) {
    this.model = model;
    this.system = system;
    this.json = json;
    this.timeout = ask;
  }

  /** {@code GET /v1/status}, under the caller's authentication. */
  public Route status() {
    return StatusRoutes.getStatus(
        () -> onSuccess(view(), body -> complete(StatusCodes.OK, body, Jackson.marshaller(json))));
  }

  /** {@code GET /readyz}: ready once every application has a charm and is not waiting. */
  public Route ready() {
    return path(
        "readyz",
        () ->
            get(
                () ->
                    onSuccess(
                        view(),
                        body -> {
                          boolean ready = JournalHealth.get(system).status().available();
                          for (var application : body.path("applications")) {
                            ready &=
                                application.hasNonNull("charm")
                                    && !"waiting"
                                        .equals(application.path("status").path("value").asText());
                          }
                          return complete(
                              ready ? StatusCodes.OK : StatusCodes.SERVICE_UNAVAILABLE,
                              Map.of("status", ready ? "ready" : "not ready"),
                              Jackson.marshaller(json));
                        })));
  }

  private CompletionStage<ObjectNode> view() {
    return AskPattern.<ModelActor.Command, ModelOverview>ask(
            model, ModelActor.GetOverview::new, timeout, system.scheduler())
        .thenCompose(
            overview -> {
              List<CompletableFuture<ApplicationView>> views = new ArrayList<>();
              for (String application : overview.applications()) {
                views.add(
                    AskPattern.<ModelActor.Command, ApplicationView>ask(
                            model,
                            reply ->
                                new ModelActor.Forward(
                                    ApplicationName.of(application),
                                    new OperatorActor.GetStatus(reply)),
                            timeout,
                            system.scheduler())
                        .thenApply(view -> StatusRoutes.displayed(system, view))
                        .toCompletableFuture());
              }
              return CompletableFuture.allOf(views.toArray(CompletableFuture[]::new))
                  .thenApply(
                      done -> body(overview, views.stream().map(CompletableFuture::join).toList()));
            });
  }

  private ObjectNode body(ModelOverview overview, List<ApplicationView> views) {
    ObjectNode body = json.createObjectNode();
    body.put("model", overview.model());
    ArrayNode applications = body.putArray("applications");
    views.forEach(view -> applications.add(json.valueToTree(view)));
    ArrayNode relations = body.putArray("relations");
    for (ModelOverview.Relation relation : overview.relations()) {
      ObjectNode node = relations.addObject();
      node.put("id", relation.id());
      node.put("key", relation.key());
      ArrayNode endpoints = node.putArray("endpoints");
      relation.endpoints().forEach(endpoints::add);
      node.put("interface", relation.interfaceName());
      node.put("type", relation.peer() ? "peer" : "regular");
    }
    body.set("journal", json.valueToTree(JournalHealth.get(system).status()));
    return body;
  }
}
