package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code juju add-secret NAME [key[#base64|#file]=value...] [--file F] [--info TEXT]}: a user
 * secret owned by the model (Juju 3.6's {@code cmd/juju/secrets/add.go}); prints {@code
 * secret:<id>}. A name the model's secrets already have is refused.
 */
@Command(name = "add-secret", description = "Adds a new secret, owned by the model.")
final class AddSecretCommand extends ModelCommand {

  @Parameters(index = "0", paramLabel = "NAME")
  String name;

  @Parameters(index = "1..*", paramLabel = "KEY=VALUE")
  List<String> values = new ArrayList<>();

  @Mixin SecretContentOptions given;

  @Override
  int run(JujuContext context) {
    Map<String, String> content = given.content(context, values);
    if (content.isEmpty()) throw JujuFailure.usage("missing secret value or filename");
    ModelDirectory directory = model.directory(context);
    ObjectNode request = given.request("ADD", name, content);
    String id = new ModelSecrets(context, directory).change(request);
    context.out().println("secret:" + id);
    return 0;
  }
}
