package io.caasoperator.app.juju;

import picocli.CommandLine.Command;

/**
 * {@code juju grant-secret ID|NAME APP[,APP...]}: the applications may read the user secret (Juju
 * 3.6's {@code cmd/juju/secrets/grantrevoke.go}).
 */
@Command(name = "grant-secret", description = "Grants applications access to a secret.")
final class GrantSecretCommand extends SecretAccessCommand {
  @Override
  boolean grants() {
    return true;
  }
}
