package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju show-unit UNIT... [--format yaml|json] [--endpoint E] [--related-unit U] [--app]}:
 * each unit with its relations' data as Juju 3.6 shows it ({@link UnitInfos}). A unit name that is
 * not one is a usage error ({@code unit name x not valid}, juju/juju {@code
 * cmd/juju/application/showunit.go} {@code Init}); a unit the model does not have is {@code unit
 * "x/0" not found}, exit 1.
 */
@Command(name = "show-unit", description = "Displays information about a unit.")
final class ShowUnitCommand extends ModelCommand {

  /** Juju's unit names ({@code names.IsValidUnit}): an application's name, a slash, a number. */
  static final Pattern UNIT = Pattern.compile("^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*/[0-9]+$");

  @Parameters(arity = "0..*", paramLabel = "UNIT")
  List<String> units = new ArrayList<>();

  @Mixin YamlFormat format;

  @Option(names = "--endpoint", paramLabel = "ENDPOINT")
  String endpoint = "";

  @Option(names = "--related-unit", paramLabel = "UNIT")
  String relatedUnit = "";

  @Option(names = "--app")
  boolean applicationOnly;

  /**
   * Juju's refusal of names that are not ones ({@code errors.NotValidf}, as {@code show-unit} and
   * {@code show-application} word it): {@code unit names a, b not valid}, a usage error.
   */
  static void refuseInvalid(String kind, List<String> names, Pattern valid) {
    List<String> invalid = names.stream().filter(n -> !valid.matcher(n).matches()).toList();
    if (invalid.isEmpty()) return;
    throw JujuFailure.usage(
        kind
            + " name"
            + (invalid.size() == 1 ? "" : "s")
            + " "
            + String.join(", ", invalid)
            + " not valid");
  }

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    if (units.isEmpty()) throw JujuFailure.usage("an unit name must be supplied");
    if (!relatedUnit.isEmpty() && !UNIT.matcher(relatedUnit).matches())
      throw JujuFailure.usage("related unit name " + relatedUnit + " not valid");
    refuseInvalid("unit", units, UNIT);
    ModelDirectory directory = model.directory(context);
    Optional<JsonNode> report = context.status().status(directory);
    if (report.isEmpty())
      throw new JujuFailure(
          "unit \"" + units.getFirst() + "\" not found: the model's operator is not running");
    ObjectNode status =
        JujuStatus.of(
            Output.JSON,
            context.models().info(directory),
            report,
            BundleEdits.entries(ModelBundle.read(directory)),
            context.clock().instant());
    ObjectNode shown =
        new UnitInfos(endpoint, relatedUnit, applicationOnly)
            .of(report.get(), status, units, chosen);
    context.out().print(Output.render(shown, chosen));
    return 0;
  }
}
