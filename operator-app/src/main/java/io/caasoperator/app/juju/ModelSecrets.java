package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.http.ListenerFile;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The model's user secrets, asked of its running operator ({@code /v1/model/secrets}, {@code
 * UserSecretRoutes}): they are journaled and sealed there, in the model's process, so every secret
 * command needs it running. Content travels only on the loopback TLS connection.
 */
final class ModelSecrets {

  private final ModelDirectory model;

  /**
   * How long a model's operator may take to start listening: a test adds a secret right after
   * {@code add-model}, as Juju lets it.
   */
  private static final Duration STARTING = Duration.ofMinutes(1);

  ModelSecrets(JujuContext context, ModelDirectory model) {
    awaitListening(context, model);
    this.model = model;
  }

  /**
   * Returns once the model's operator listens; refuses when it is not running, or never listens.
   */
  private static void awaitListening(JujuContext context, ModelDirectory model) {
    long deadline = System.nanoTime() + STARTING.toNanos();
    while (ListenerFile.in(model.dataDir()).readQuietly().isEmpty()) {
      if (context.operators().running(model).isEmpty()) break;
      if (System.nanoTime() > deadline)
        throw new JujuFailure(
            "the model's operator has not started listening in "
                + STARTING.toSeconds()
                + "s (see "
                + model.log()
                + ")");
      try {
        // polling another process's start: its listener file appears once it listens
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JujuFailure("interrupted", e);
      }
    }
    if (context.operators().running(model).isEmpty())
      throw new JujuFailure(
          "the model's operator is not running (see "
              + model.log()
              + "); its secrets are kept by it");
  }

  /** Every user secret of the model, without content: {@code {secrets: [UserSecretView...]}}. */
  JsonNode list() {
    return ask(client -> answer(client.get("/v1/model/secrets")));
  }

  /** One secret ({@code UserSecretView}), with the revision's content when {@code reveal}. */
  JsonNode show(String key, boolean reveal, Integer revision) {
    String path =
        "/v1/model/secrets/"
            + URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20")
            + "?reveal="
            + reveal
            + (revision == null ? "" : "&revision=" + revision);
    return ask(client -> answer(client.get(path)));
  }

  /** Applies a {@code UserSecretRequest}; returns the secret's id. */
  String change(ObjectNode request) {
    return ask(client -> answer(client.post("/v1/model/secrets", request.toString())))
        .path("id")
        .asText();
  }

  private JsonNode ask(OperatorTasks.Work<JsonNode> work) {
    return OperatorTasks.call(model, work);
  }

  /** The answer, or its refusal as Juju words it (the operator's {@code detail}). */
  private static JsonNode answer(HttpResponse<String> response) {
    JsonNode reply = OperatorTasks.reply(response);
    if (response.statusCode() == 200) return reply;
    String detail = reply.path("detail").asText("");
    throw new JujuFailure(
        detail.isEmpty() ? "the model's operator answered " + response.statusCode() : detail);
  }
}
