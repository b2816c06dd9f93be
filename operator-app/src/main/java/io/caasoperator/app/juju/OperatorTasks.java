package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The work a model's running operator does for {@code juju exec} and {@code juju run}, asked over
 * its HTTPS listener with the admin token in the model's data directory, as {@code caas-operator
 * exec} and {@code run-action} ask it ({@code POST /v1/units/APP/N/exec}, {@code POST
 * .../actions/NAME}, then {@code GET /v1/actions/ID?wait=}).
 */
final class OperatorTasks {

  /** The longest a single wait request holds; longer waits ask again. */
  private static final Duration PER_REQUEST = Duration.ofSeconds(20);

  private final ModelDirectory model;

  OperatorTasks(JujuContext context, ModelDirectory model) {
    if (context.operators().running(model).isEmpty())
      throw new JujuFailure(
          "the model's operator is not running (see " + model.log() + "); it cannot run anything");
    this.model = model;
  }

  /** The model whose operator this asks. */
  ModelDirectory model() {
    return model;
  }

  /** What the operator answers for an exec: {@code code, stdout, stderr}; 408 when timed out. */
  JsonNode exec(Unit unit, String commands, Duration timeout) {
    ObjectNode body = Output.JSON.createObjectNode().put("commands", commands);
    body.put("timeout", timeout.toMillis() + "ms");
    return call(
        client -> {
          HttpResponse<String> response = client.post(unit.path("exec"), body.toString());
          JsonNode reply = reply(response);
          if (response.statusCode() == 408) {
            throw new JujuFailure(
                "timed out waiting for results from: unit "
                    + unit.name()
                    + " ("
                    + reply.path("detail").asText()
                    + ")");
          }
          if (response.statusCode() != 200) throw refused(unit, response, reply);
          return reply;
        });
  }

  /**
   * Runs {@code action} on {@code unit} and waits for it: the operator's view of the action ({@code
   * id, status, results, message, log, timing}), finished or not after {@code wait}.
   */
  JsonNode run(Unit unit, String action, ObjectNode params, Duration wait) {
    JsonNode queued = enqueue(unit, action, params);
    return call(client -> awaited(client, unit, queued.path("id").asText(), wait, "task"));
  }

  /**
   * Queues {@code action} on {@code unit}: the operator's view of it, pending ({@code run
   * --background}).
   */
  JsonNode enqueue(Unit unit, String action, ObjectNode params) {
    ObjectNode body = Output.JSON.createObjectNode();
    body.set("params", params);
    return call(
        client -> {
          HttpResponse<String> response =
              client.post(unit.path("actions/" + action), body.toString());
          JsonNode queued = reply(response);
          // an action the charm does not define: the operator lists those it does
          if (response.statusCode() == 404 && queued.has("actions"))
            throw new JujuFailure(queued.path("detail").asText());
          if (response.statusCode() != 200 && response.statusCode() != 202)
            throw refused(unit, response, queued);
          return queued;
        });
  }

  /**
   * The action {@code id} as the operator keeps it, once it finished or after {@code wait} (zero:
   * as it is now); {@code task ID not found} as Juju's {@code show-task} says it ({@code
   * cmd/juju/action/common.go}, {@code fetchResult}).
   */
  JsonNode task(long id, Duration wait) {
    return call(client -> awaited(client, null, Long.toString(id), wait, "task"));
  }

  /**
   * The action {@code id} as {@link #task}, for {@code show-operation}: an operation is one task
   * here, numbered as its task; {@code operation ID not found} when there is none.
   */
  JsonNode operation(long id, Duration wait) {
    return call(client -> awaited(client, null, Long.toString(id), wait, "operation"));
  }

  /** Every action the operator keeps for {@code unit}, newest first. */
  List<JsonNode> tasks(Unit unit) {
    return call(
        client -> {
          HttpResponse<String> seen =
              client.get("/v1/actions?unit=" + unit.application() + "/" + unit.ordinal());
          JsonNode view = reply(seen);
          if (seen.statusCode() != 200) throw refused(unit, seen, view);
          List<JsonNode> tasks = new ArrayList<>();
          view.path("actions").forEach(tasks::add);
          return tasks;
        });
  }

  /** Asks for action {@code id} until it finished or {@code wait} passed. */
  private static JsonNode awaited(
      OperatorClient client, Unit unit, String id, Duration wait, String what)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      long left = Math.max(0, deadline - System.nanoTime());
      long now = Math.min(left, PER_REQUEST.toNanos()) / 1_000_000;
      HttpResponse<String> seen =
          client.get("/v1/actions/" + id + (now > 0 ? "?wait=" + now + "ms" : ""));
      JsonNode view = reply(seen);
      if (seen.statusCode() == 404 && unit == null)
        throw new JujuFailure(what + " " + id + " not found");
      if (seen.statusCode() != 200) {
        if (unit == null)
          throw new JujuFailure(
              view.path("detail").asText("the model's operator answered " + seen.statusCode()));
        throw refused(unit, seen, view);
      }
      if (JujuTask.finished(view) || deadline - System.nanoTime() <= 0) return view;
    }
  }

  private static JujuFailure refused(Unit unit, HttpResponse<String> response, JsonNode reply) {
    if (response.statusCode() == 404)
      return new JujuFailure("unit \"" + unit.name() + "\" not found");
    String detail = reply.path("detail").asText(response.body());
    return new JujuFailure(
        detail.isEmpty() ? "the model's operator answered " + response.statusCode() : detail);
  }

  static JsonNode reply(HttpResponse<String> response) {
    try {
      return Output.JSON.readTree(response.body());
    } catch (IOException e) {
      return Output.JSON.createObjectNode();
    }
  }

  interface Work<T> {
    T run(OperatorClient client) throws IOException, InterruptedException;
  }

  private <T> T call(Work<T> work) {
    return call(model, work);
  }

  /** {@code work} against {@code model}'s operator, its failures in Juju's words. */
  static <T> T call(ModelDirectory model, Work<T> work) {
    try (OperatorClient client = OperatorClient.of(OperatorEndpoint.discover(model.dataDir()))) {
      return work.run(client);
    } catch (IOException e) {
      throw new JujuFailure("cannot reach the model's operator: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JujuFailure("interrupted", e);
    } catch (IllegalStateException e) {
      // no listener file yet: the operator is starting
      throw new JujuFailure("the model's operator is starting: " + e.getMessage(), e);
    }
  }

  /**
   * The unit {@code text} names: {@code APP/N}, or {@code APP/leader} as the operator reports the
   * application's leader now.
   */
  Unit unit(JujuContext context, String text) {
    int slash = text.indexOf('/');
    String application = slash < 0 ? "" : text.substring(0, slash);
    String which = text.substring(slash + 1);
    if (slash <= 0 || which.isEmpty())
      throw JujuFailure.usage("invalid unit name \"" + text + "\"");
    if (which.equals("leader")) {
      String leader = view(context, application, text).path("leader").asText("");
      if (leader.isEmpty())
        throw new JujuFailure("could not determine leader for \"" + application + "\"");
      return unit(context, leader);
    }
    int ordinal;
    try {
      ordinal = Integer.parseInt(which);
    } catch (NumberFormatException e) {
      throw JujuFailure.usage("invalid unit name \"" + text + "\"");
    }
    // asked first: the model does not answer a request for a unit of no application of it
    boolean known = false;
    for (JsonNode unit : view(context, application, text).path("units"))
      known |= unit.path("unit").asText().equals(text);
    if (!known) throw new JujuFailure("unit \"" + text + "\" not found");
    return new Unit(application, ordinal);
  }

  /** Every unit of {@code application} the operator reports now. */
  List<Unit> units(JujuContext context, String application) {
    List<Unit> units = new ArrayList<>();
    for (JsonNode unit : view(context, application, application).path("units")) {
      String name = unit.path("unit").asText();
      units.add(new Unit(application, Integer.parseInt(name.substring(name.lastIndexOf('/') + 1))));
    }
    return units;
  }

  /** The operator's report of {@code application}; {@code asked} is what the user named. */
  private JsonNode view(JujuContext context, String application, String asked) {
    JsonNode status =
        context
            .status()
            .status(model)
            .orElseThrow(() -> new JujuFailure("the model's operator is not answering"));
    JsonNode applications = status.path("applications");
    if (applications.isObject() && applications.has(application))
      return applications.get(application);
    for (JsonNode view : applications)
      if (view.path("application").asText().equals(application)) return view;
    throw new JujuFailure(
        (asked.contains("/") ? "unit \"" : "application \"") + asked + "\" not found");
  }

  /** A unit as {@code APP/N}, with {@code APP/leader} already resolved. */
  record Unit(String application, int ordinal) {
    String name() {
      return application + "/" + ordinal;
    }

    String path(String route) {
      return "/v1/units/" + application + "/" + ordinal + "/" + route;
    }
  }
}
