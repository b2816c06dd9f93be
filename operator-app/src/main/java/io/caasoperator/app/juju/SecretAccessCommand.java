package io.caasoperator.app.juju;

import picocli.CommandLine.Parameters;

/**
 * {@code grant-secret} and {@code revoke-secret}: one command line, {@code ID|NAME APP[,APP...]}
 * (Juju 3.6's {@code cmd/juju/secrets/grantrevoke.go}), and whether it grants.
 */
abstract class SecretAccessCommand extends ModelCommand {

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Parameters(index = "1", paramLabel = "APP[,APP...]")
  String applications;

  /** True to grant, false to revoke. */
  abstract boolean grants();

  @Override
  int run(JujuContext context) {
    SecretRequests.access(context, model, key, applications, grants());
    return 0;
  }
}
