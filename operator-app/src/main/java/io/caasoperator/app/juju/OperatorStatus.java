package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.Optional;

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

  @Override
  public Optional<JsonNode> status(ModelDirectory model) {
    if (operators.running(model).isEmpty()) return Optional.empty();
    try (OperatorClient client = OperatorClient.of(OperatorEndpoint.discover(model.dataDir()))) {
      HttpResponse<String> response = client.get("/v1/status");
      if (response.statusCode() != 200) return Optional.empty();
      return Optional.of(Output.JSON.readTree(response.body()));
    } catch (IOException | RuntimeException e) {
      // starting (no listener file yet) or stopping: shown as waiting for the operator
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
