package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju remove-secret ID|NAME [--revision N]}: the whole secret, or one revision (the secret
 * goes with its last), as Juju 3.6's {@code cmd/juju/secrets/remove.go}.
 */
@Command(name = "remove-secret", description = "Removes a secret, or one revision of it.")
final class RemoveSecretCommand extends ModelCommand {

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Option(names = "--revision", paramLabel = "N")
  int revision;

  @Override
  int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    ObjectNode request = SecretRequests.of("REMOVE", key);
    // remove.go sends a revision only when it is above 0
    if (revision > 0) request.put("revision", revision);
    new ModelSecrets(context, directory).change(request);
    return 0;
  }
}
