package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code juju show-application APP... [--format yaml|json]}: {@code {APP: {charm, principal,
 * exposed, remote, life}}} as Juju 3.6 shows it (juju/juju {@code cmd/juju/application/show.go},
 * {@code ApplicationInfo}), from the model's bundle and, for an application being removed, its
 * operator's report. An application the model does not have is {@code application "x" not found},
 * exit 1.
 */
@Command(name = "show-application", description = "Displays information about an application.")
final class ShowApplicationCommand extends ModelCommand {

  private static final Pattern APPLICATION =
      Pattern.compile("^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$");

  @Parameters(arity = "0..*", paramLabel = "APP")
  List<String> applications = new ArrayList<>();

  @Mixin YamlFormat format;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    if (applications.isEmpty()) throw JujuFailure.usage("an application name must be supplied");
    ShowUnitCommand.refuseInvalid("application", applications, APPLICATION);
    ModelDirectory directory = model.directory(context);
    ObjectNode status =
        JujuStatus.of(
            Output.JSON,
            context.models().info(directory),
            context.status().status(directory),
            BundleEdits.entries(ModelBundle.read(directory)),
            context.clock().instant());
    ObjectNode shown = Output.JSON.createObjectNode();
    for (String application : applications) {
      JsonNode app = status.path("applications").path(application);
      if (app.isMissingNode())
        throw new JujuFailure("application \"" + application + "\" not found");
      ObjectNode info = shown.putObject(application);
      info.put("charm", app.path("charm-name").asText());
      info.put("principal", true);
      info.put("exposed", app.path("exposed").asBoolean(false));
      info.put("remote", false);
      if (app.hasNonNull("life")) info.put("life", app.path("life").asText());
    }
    context.out().print(Output.render(shown, chosen));
    return 0;
  }
}
