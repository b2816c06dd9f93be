package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code juju secrets [--owner O] [--format tabular|json|yaml]} ({@code list-secrets}): the model's
 * user secrets as Juju 3.6's {@code cmd/juju/secrets/list.go} lists them, keyed by id. The
 * applications' own secrets live in each application's journal and are not listed here ({@code
 * caas-operator show-secret} shows one).
 */
@Command(
    name = "secrets",
    aliases = "list-secrets",
    description = "Lists the secrets owned by the model.")
final class SecretsCommand extends ModelCommand {

  @Option(names = "--owner", paramLabel = "OWNER")
  String owner;

  @Mixin TabularFormat format;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    ModelDirectory directory = model.directory(context);
    String uuid = context.models().info(directory).uuid().toString();
    JsonNode secrets =
        ownedBy(owner, uuid)
            ? new ModelSecrets(context, directory).list().path("secrets")
            : Output.JSON.createArrayNode();
    switch (chosen) {
      case "json", "yaml" -> {
        ObjectNode all = Output.JSON.createObjectNode();
        for (JsonNode s : secrets)
          all.set(s.path("id").asText(), SecretDetails.of(s, uuid, false, false, chosen));
        context.out().print(Output.render(all, chosen));
      }
      default -> {
        if (!secrets.isEmpty())
          context.out().print(SecretDetails.table(secrets, context.clock().instant()));
      }
    }
    return 0;
  }

  /** Whether {@code owner} (null: anyone) names the model, the only owner listed here. */
  static boolean ownedBy(String owner, String uuid) {
    return owner == null
        || owner.equals(SecretDetails.MODEL_OWNER)
        || owner.equals("model")
        || owner.equals("model-" + uuid);
  }
}
