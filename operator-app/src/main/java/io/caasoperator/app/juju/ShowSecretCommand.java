package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju show-secret ID|NAME [--reveal] [--revision N] [--revisions] [--format yaml|json]}:
 * one user secret as Juju 3.6's {@code cmd/juju/secrets/show.go} shows it, with its grants ({@code
 * access}); its content only with {@code --reveal}, of {@code --revision} or the latest. The
 * content goes to this call's output only, never to a log.
 */
@Command(name = "show-secret", description = "Shows a secret owned by the model.")
final class ShowSecretCommand extends ModelCommand {

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Option(names = "--reveal")
  boolean reveal;

  @Option(names = "--revisions")
  boolean revisions;

  @Option(
      names = {"-r", "--revision"},
      paramLabel = "N")
  int revision;

  @Mixin YamlFormat format;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    // show.go's Init, in its order
    if (revisions && reveal)
      throw JujuFailure.usage("specify either --revisions or --reveal but not both");
    if (revisions && revision > 0)
      throw JujuFailure.usage("specify either --revisions or --revision but not both");
    if (revision < 0) throw JujuFailure.usage("revision must be a positive integer");
    ModelDirectory directory = model.directory(context);
    String uuid = context.models().info(directory).uuid().toString();
    JsonNode view =
        new ModelSecrets(context, directory).show(key, reveal, revision > 0 ? revision : null);
    ObjectNode shown = Output.JSON.createObjectNode();
    shown.set(view.path("id").asText(), SecretDetails.of(view, uuid, revisions, true, chosen));
    context.out().print(Output.render(shown, chosen));
    return 0;
  }
}
