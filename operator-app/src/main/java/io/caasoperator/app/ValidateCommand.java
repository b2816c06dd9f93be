package io.caasoperator.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator validate --spec FILE [run's flags]}: would {@code run} start, and if not,
 * why.
 */
@Command(
    name = "validate",
    description = {
      "Check, without starting anything, everything run would refuse and what the operator would otherwise find"
          + " only once running, and list every problem at once: the flags and settings, the specification file,"
          + " the charm it names (fetched, its sha256 checked, unpacked and loaded, in a scratch directory) and the"
          + " config it sets against the charm's config.yaml. Takes run's flags.",
      "Exit code 0 when run would start, 2 with the problems listed. Whether the data directory and the listen"
          + " port are free is checked by run itself."
    })
final class ValidateCommand implements Callable<Integer> {

  @Mixin RunOptions options;

  @Option(
      names = "--format",
      defaultValue = "text",
      paramLabel = "FORMAT",
      description =
          "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); json and yaml: {valid, problems, checked}.")
  OutputFormat format;

  @Override
  public Integer call() {
    if (options.bundle != null) return bundle();
    Validation validation = Validation.of(options, ConfigFactory.load(), System.getenv());
    if (format != OutputFormat.text) {
      ObjectMapper json = new ObjectMapper();
      ObjectNode document = json.createObjectNode().put("valid", validation.valid());
      document.set("problems", json.valueToTree(validation.problems()));
      document.set("checked", json.valueToTree(validation.checked()));
      System.out.print(format.write(document));
    } else if (validation.valid()) {
      System.out.println("valid: run would start with these flags");
      validation.checked().forEach(c -> System.out.println("  " + c));
    } else {
      System.out.println(validation.problems().size() + " problem(s): run would refuse to start");
      validation.problems().forEach(p -> System.out.println("  - " + p));
    }
    return validation.valid() ? ExitCodes.OK : ExitCodes.USAGE;
  }

  /** {@code validate --bundle FILE}: every problem of the bundle, or the model it describes. */
  private int bundle() {
    BundleValidation validation = BundleValidation.of(options.bundle);
    if (format != OutputFormat.text) {
      ObjectMapper json = new ObjectMapper();
      ObjectNode document = json.createObjectNode().put("valid", validation.valid());
      document.set("problems", json.valueToTree(validation.problems()));
      document.set("notes", json.valueToTree(validation.notes()));
      var applications = document.putArray("applications");
      for (var application : validation.bundle().applications()) {
        applications
            .addObject()
            .put("name", application.name().value())
            .put("charm", validation.charms().getOrDefault(application.name(), ""))
            .put("scale", application.scale());
      }
      var relations = document.putArray("relations");
      for (var relation : validation.relations()) {
        ObjectNode row =
            relations
                .addObject()
                .put("id", relation.id())
                .put("key", relation.relation().key())
                .put("interface", relation.relation().interfaceName());
        var endpoints = row.putArray("endpoints");
        relation.relation().endpoints().forEach(e -> endpoints.add(e.toString()));
      }
      System.out.print(format.write(document));
    } else if (validation.valid()) {
      System.out.println("valid: bundle " + validation.bundle().file());
      validation.notes().forEach(n -> System.out.println("  note: " + n));
      System.out.println();
      System.out.print(validation.summary());
    } else {
      System.out.println(
          validation.problems().size() + " problem(s): the bundle cannot be deployed");
      validation.problems().forEach(p -> System.out.println("  - " + p));
      validation.notes().forEach(n -> System.out.println("  note: " + n));
    }
    return validation.valid() ? ExitCodes.OK : ExitCodes.USAGE;
  }
}
