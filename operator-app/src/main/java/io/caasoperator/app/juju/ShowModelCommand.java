package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.model.ModelName;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code juju show-model [MODEL]}: {@code {<name>: {...}}} with the fields jubilant's {@code
 * ModelInfo} reads (juju/juju {@code cmd/juju/common/modelinfo.go}).
 */
@Command(name = "show-model", description = "Shows a model's details.")
final class ShowModelCommand extends JujuCommand {

  @Parameters(
      arity = "0..1",
      paramLabel = "MODEL",
      description = "[<controller>:][<user>/]<model>; the current model when not given.")
  String model;

  @Mixin YamlFormat format;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    ModelName name =
        model == null ? new ModelOption().name(context) : ModelReference.parse(model).name();
    ModelInfo info = context.models().info(context.models().require(name));
    ObjectNode root = Output.JSON.createObjectNode();
    root.set(name.value(), details(context, info));
    context.out().print(Output.render(root, chosen));
    return 0;
  }

  private static final DateTimeFormatter ISO =
      DateTimeFormatter.ISO_INSTANT.withZone(ZoneOffset.UTC);

  /** One model as {@code show-model} and {@code models --format json} show it. */
  static ObjectNode details(JujuContext context, ModelInfo info) {
    ObjectNode m = Output.JSON.createObjectNode();
    m.put("name", JujuDefaults.qualified(info.name()));
    m.put("short-name", info.name().value());
    m.put("model-uuid", info.uuid().toString());
    m.put("model-type", "caas");
    m.put("controller-uuid", controllerUuid(context).toString());
    m.put("controller-name", JujuDefaults.CONTROLLER);
    m.put("is-controller", false);
    m.put("owner", JujuDefaults.USER);
    m.put("cloud", JujuDefaults.CLOUD);
    m.put("region", JujuDefaults.REGION);
    m.put("type", "kubernetes");
    m.put("life", "alive");
    ObjectNode status = m.putObject("status");
    status.put("current", "available");
    status.put("since", ISO.format(info.created()));
    ObjectNode admin = m.putObject("users").putObject(JujuDefaults.USER);
    admin.put("display-name", JujuDefaults.USER);
    admin.put("access", "admin");
    admin.put("last-connection", "just now");
    m.put("agent-version", JujuDefaults.VERSION);
    return m;
  }

  /** This machine as a controller: one uuid per juju home, the same on every call. */
  static UUID controllerUuid(JujuContext context) {
    return UUID.nameUUIDFromBytes(
        context.models().home().toString().getBytes(StandardCharsets.UTF_8));
  }
}
