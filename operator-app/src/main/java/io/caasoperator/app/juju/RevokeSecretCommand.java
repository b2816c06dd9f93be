package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code juju revoke-secret ID|NAME APP[,APP...]}: the applications may no longer read the user
 * secret (Juju 3.6's {@code cmd/juju/secrets/grantrevoke.go}).
 */
@Command(name = "revoke-secret", description = "Revokes applications' access to a secret.")
final class RevokeSecretCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Parameters(index = "1", paramLabel = "APP[,APP...]")
  String applications;

  @Override
  public Integer call() {
    SecretRequests.access(cli.context(), model, key, applications, false);
    return 0;
  }
}
