package io.caasoperator.app.juju;

import picocli.CommandLine.Parameters;

/** The two {@code application[:endpoint]} of {@code integrate} and {@code remove-relation}. */
final class RelationEnds {
  @Parameters(index = "0", paramLabel = "APP[:ENDPOINT]")
  String one;

  @Parameters(index = "1", paramLabel = "APP[:ENDPOINT]")
  String other;
}
