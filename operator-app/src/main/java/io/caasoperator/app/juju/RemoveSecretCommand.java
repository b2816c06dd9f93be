package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code juju remove-secret ID|NAME [--revision N]}: the whole secret, or one revision (the secret
 * goes with its last), as Juju 3.6's {@code cmd/juju/secrets/remove.go}.
 */
@Command(name = "remove-secret", description = "Removes a secret, or one revision of it.")
final class RemoveSecretCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Option(names = "--revision", paramLabel = "N", description = "Remove only this revision.")
  int revision;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    ObjectNode request = SecretRequests.of("REMOVE", key);
    // remove.go sends a revision only when it is above 0
    if (revision > 0) request.put("revision", revision);
    new ModelSecrets(context, directory).change(request);
    return 0;
  }
}
