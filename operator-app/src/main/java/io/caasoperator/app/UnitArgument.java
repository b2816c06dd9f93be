package io.caasoperator.app;

import io.caasoperator.domain.UnitId;
import java.net.http.HttpResponse;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * The {@code UNIT} argument of the commands that act on one unit of a running operator ({@code
 * exec}, {@code resolve}), and how they find that operator: the connection flags, else the default
 * data directory of the unit's application.
 */
final class UnitArgument {

  @Parameters(
      index = "0",
      paramLabel = "UNIT",
      description =
          "e.g. hello/0; without --data-dir, --app or --url, the operator of its application running for"
              + " this user (else the application's default data directory)")
  String text;

  @Mixin OperatorConnection connection;

  /** The unit named, or empty once {@code command} said on stderr why the argument is not one. */
  Optional<UnitId> unit(String command) {
    return Cli.unit(command, text);
  }

  interface ResponseWork {
    int run(HttpResponse<String> response) throws Exception;
  }

  /**
   * POSTs {@code body} to the unit's {@code route} ({@link Cli#unitPath}) on its operator (unless a
   * flag names another) and hands the answer, whatever its status, to {@code work}; failures to
   * find or reach the operator exit with {@code own}'s codes ({@link Cli#call}).
   */
  int post(
      String command, UnitId unit, ExitCodes.Own own, String route, String body, ResponseWork work)
      throws Exception {
    return Cli.call(
        command,
        connection.defaultingTo(unit.application()),
        own,
        client -> work.run(client.post(Cli.unitPath(unit, route), body)));
  }
}
