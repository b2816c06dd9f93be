package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code grant-secret} and {@code revoke-secret}: one command line, {@code ID|NAME APP[,APP...]}
 * (Juju 3.6's {@code cmd/juju/secrets/grantrevoke.go}), and whether it grants.
 */
abstract class SecretAccessCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Parameters(index = "1", paramLabel = "APP[,APP...]")
  String applications;

  /** True to grant, false to revoke. */
  abstract boolean grants();

  @Override
  public Integer call() {
    SecretRequests.access(cli.context(), model, key, applications, grants());
    return 0;
  }
}
