package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Asks a model's running operator for its status over its HTTPS listener, with the admin token in
 * the model's data directory: the JVM path of {@code juju status}. (The shim's path, a later
 * session, answers inside the operator without a request.)
 */
public final class OperatorStatus implements StatusSource {
  private final ModelOperators operators;

  public OperatorStatus(ModelOperators operators) {
    this.operators = operators;
  }

  /**
   * One client per model's endpoint, kept between calls: in the operator's own juju listener every
   * {@code juju status} would otherwise build a TLS context and shake hands again (most of a call's
   * cost, measured by {@code caas-operator-bench juju}); a kept client reuses its connection. A new
   * endpoint (the operator restarted) replaces it.
   */
  private final Map<Path, Kept> clients = new ConcurrentHashMap<>();

  private record Kept(OperatorEndpoint endpoint, OperatorClient client) {}

  @Override
  public Optional<JsonNode> status(ModelDirectory model) {
    if (operators.running(model).isEmpty()) return Optional.empty();
    Path dataDir = model.dataDir();
    try {
      OperatorEndpoint endpoint = OperatorEndpoint.discover(dataDir);
      Kept kept =
          clients.compute(
              dataDir,
              (dir, before) -> {
                if (before != null && before.endpoint().equals(endpoint)) return before;
                if (before != null) before.client().close();
                return new Kept(endpoint, OperatorClient.of(endpoint));
              });
      HttpResponse<String> response = kept.client().get("/v1/status");
      if (response.statusCode() != 200) return Optional.empty();
      return Optional.of(Output.JSON.readTree(response.body()));
    } catch (IOException | RuntimeException e) {
      // starting (no listener file yet) or stopping: shown as waiting for the operator; the next
      // call starts with a new client
      Kept gone = clients.remove(dataDir);
      if (gone != null) gone.client().close();
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
