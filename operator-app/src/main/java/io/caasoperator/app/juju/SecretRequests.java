package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;

/** The {@code UserSecretRequest} JSON the secret commands send, and what grant and revoke share. */
final class SecretRequests {
  private SecretRequests() {}

  /** A request to {@code action} (ADD, UPDATE, REMOVE, GRANT, REVOKE) the secret {@code key}. */
  static ObjectNode of(String action, String key) {
    ObjectNode request = Output.JSON.createObjectNode();
    request.put("action", action);
    request.put("key", key);
    return request;
  }

  /**
   * {@code grant-secret} or {@code revoke-secret} ({@code cmd/juju/secrets/grantrevoke.go}): each
   * application must be in the model, else Juju's {@code failed to grant/revoke secret: application
   * "x" not found}, and nothing changes.
   */
  static void access(
      JujuContext context, ModelOption model, String key, String applications, boolean grant) {
    ModelDirectory directory = model.directory(context);
    List<String> names = Arrays.asList(applications.split(","));
    var inModel = BundleText.applications(BundleText.parse(ModelBundle.read(directory)));
    List<String> unknown = names.stream().filter(a -> !inModel.has(a)).toList();
    if (!unknown.isEmpty())
      throw new JujuFailure(
          "failed to grant/revoke secret: "
              + String.join(
                  ", ",
                  unknown.stream()
                      .map(a -> "application " + ModelReference.quoted(a) + " not found")
                      .toList()));
    ObjectNode request = of(grant ? "GRANT" : "REVOKE", key);
    request.set("applications", Output.JSON.valueToTree(names));
    new ModelSecrets(context, directory).change(request);
  }
}
