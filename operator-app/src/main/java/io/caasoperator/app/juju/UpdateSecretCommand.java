package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju update-secret ID|NAME [key=value...] [--file F] [--info TEXT] [--name NEW]
 * [--auto-prune]}: new content is a new revision; the name and description change in place (Juju
 * 3.6's {@code cmd/juju/secrets/update.go}). Nothing to update is refused, as Juju refuses it.
 */
@Command(name = "update-secret", description = "Updates an existing secret.")
final class UpdateSecretCommand extends ModelCommand {

  @Parameters(index = "0", paramLabel = "ID|NAME")
  String key;

  @Parameters(index = "1..*", paramLabel = "KEY=VALUE")
  List<String> values = new ArrayList<>();

  @Mixin SecretContentOptions given;

  @Option(names = "--name", paramLabel = "NEW")
  String name;

  @Option(names = "--auto-prune", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL")
  Boolean autoPrune;

  @Override
  int run(JujuContext context) {
    Map<String, String> content = given.content(context, values);
    ModelDirectory directory = model.directory(context);
    ObjectNode request = given.request("UPDATE", key, content);
    if (name != null) request.put("name", name);
    if (autoPrune != null) request.put("autoPrune", autoPrune);
    new ModelSecrets(context, directory).change(request);
    new Notes(context)
        .ignored(
            "--auto-prune",
            autoPrune,
            "no consumer tracks a revision here yet, so old revisions are kept until"
                + " remove-secret --revision removes them");
    return 0;
  }
}
