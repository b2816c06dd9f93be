package io.caasoperator.app.juju;

import picocli.CommandLine.Command;

/**
 * {@code juju revoke-secret ID|NAME APP[,APP...]}: the applications may no longer read the user
 * secret (Juju 3.6's {@code cmd/juju/secrets/grantrevoke.go}).
 */
@Command(name = "revoke-secret", description = "Revokes applications' access to a secret.")
final class RevokeSecretCommand extends SecretAccessCommand {
  @Override
  boolean grants() {
    return false;
  }
}
