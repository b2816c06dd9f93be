package io.caasoperator.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caas-operator show-secret <id|label> [--reveal]}: one of the application's own secrets, as
 * {@code juju show-secret} shows one: metadata and each revision's digest; the content of the
 * latest revision only with {@code --reveal} (the admin token is needed either way).
 */
@Command(
    name = "show-secret",
    description =
        "Show one of the application's secrets by id, URI or label: metadata and revision digests;"
            + " the content with --reveal.")
final class ShowSecretCommand implements Callable<Integer> {

  static final String NAME = "show-secret";

  @Mixin OperatorConnection connection;

  @Parameters(
      index = "0",
      paramLabel = "ID|LABEL",
      description = "The secret's id, its URI (secret:<id>) or its label.")
  String key;

  @Option(names = "--reveal", description = "Include the latest revision's content.")
  boolean reveal;

  @Mixin ActionFormat format;

  @Override
  public Integer call() throws Exception {
    if (!format.isKnown(NAME)) return ExitCodes.USAGE;
    return Cli.get(
        NAME,
        connection,
        "/v1/secrets/"
            + URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20")
            + (reveal ? "?reveal=true" : ""),
        (client, secret) -> {
          String id = secret.path("uri").asText().substring("secret:".length());
          System.out.print(
              ActionOutput.write(
                  new ObjectMapper().createObjectNode().set(id, secret), format.value));
          return 0;
        });
  }
}
