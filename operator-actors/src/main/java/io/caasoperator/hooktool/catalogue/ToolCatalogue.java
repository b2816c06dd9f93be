package io.caasoperator.hooktool.catalogue;

import io.caasoperator.action.ActionTools;
import io.caasoperator.config.ConfigTools;
import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.Tool;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFlags;
import io.caasoperator.leadership.LeadershipTools;
import io.caasoperator.relation.RelationTools;
import io.caasoperator.secret.tools.SecretTools;
import io.caasoperator.storage.StorageTools;
import io.caasoperator.unitcontext.LogTools;
import io.caasoperator.unitcontext.MachineTools;
import io.caasoperator.unitcontext.ModelTools;
import io.caasoperator.unitcontext.NetworkTools;
import io.caasoperator.unitcontext.PortTools;
import io.caasoperator.unitcontext.ResourceTools;
import io.caasoperator.unitcontext.StateTools;
import io.caasoperator.unitcontext.StatusTools;
import java.util.List;
import java.util.function.Function;

/**
 * Every hook tool this operator has, in one place as Juju's jujuc registry lists them (juju/juju
 * {@code worker/uniter/runner/jujuc/commands.go}, {@code baseCommands}): each tool's name, the
 * usage line and summary its {@code --help} prints, the flags it accepts and the handler that runs
 * it. The handlers live in the {@code *Tools} class of the feature package that owns them ({@code
 * relation.RelationTools}, {@code action.ActionTools}, ...; the unit's own context, such as status,
 * ports and network, in {@code unitcontext}); this catalogue sits above them and {@code hooktool}
 * (the framework) below, so no package depends on one above it. The order is the order of {@link
 * HookTools#NAMES}.
 */
final class ToolCatalogue {

  /** What {@code secret-add} and {@code secret-set} both accept. */
  private static final ToolFlags SECRET_UPSERT =
      ToolFlags.none()
          .value("expire")
          .value("rotate")
          .value("description")
          .value("label")
          .value("file");

  static final List<Tool> TOOLS =
      List.of(
          new Tool(
              "status-set",
              "[options] <maintenance | blocked | waiting | active> [message]",
              "set status information",
              ToolFlags.none().bool("application"),
              StatusTools::set),
          new Tool(
              "status-get",
              "[options] [--include-data] [--application]",
              "print status information",
              ToolFlags.none().output().bool("include-data").bool("application"),
              StatusTools::get),
          new Tool(
              "config-get",
              "[options] [<key>]",
              "print application configuration",
              ToolFlags.none().output().bool("all", "a"),
              ConfigTools::get),
          new Tool(
              "is-leader",
              "[options]",
              "print application leadership status",
              ToolFlags.none().output(),
              LeadershipTools::isLeader),
          new Tool(
              "leader-get",
              "[options] [<key>]",
              "print application leadership settings",
              ToolFlags.none().output(),
              LeadershipTools::get),
          new Tool(
              "leader-set",
              "<key>=<value> [...]",
              "write application leadership settings",
              ToolFlags.none(),
              LeadershipTools::set),
          new Tool(
              "juju-log",
              "[options] <message>",
              "write a message to the juju log",
              // --format is deprecated in Juju and only warned about.
              ToolFlags.none().bool("debug").value("log-level", "l").value("format"),
              LogTools::log),
          new Tool(
              "application-version-set",
              "<new-version>",
              "specify which version of the application is deployed",
              ToolFlags.none(),
              LogTools::versionSet),
          new Tool(
              "state-get",
              "[options] [<key>]",
              "print server-side-state value",
              ToolFlags.none().output().bool("strict"),
              StateTools::get),
          new Tool(
              "state-set",
              "[options] <key>=<value> [<key>=<value> ...]",
              "set server-side-state values",
              ToolFlags.none().value("file"),
              StateTools::set),
          new Tool(
              "state-delete",
              "<key>",
              "delete server-side-state key value pairs",
              ToolFlags.none(),
              StateTools::delete),
          portChange(
              "open-port",
              "register a request to open a port or port range",
              ToolEffect.PortOpened::new),
          portChange(
              "close-port",
              "register a request to close a port or port range",
              ToolEffect.PortClosed::new),
          new Tool(
              "opened-ports",
              "[options]",
              "list all ports or port ranges opened by the unit",
              ToolFlags.none().output(),
              PortTools::opened),
          new Tool(
              "goal-state",
              "[options]",
              "print the status of the charm's peers and related units",
              ToolFlags.none().output(),
              ModelTools::goalState),
          new Tool(
              "unit-get",
              "[options] <setting>",
              "print public-address or private-address",
              ToolFlags.none().output(),
              ModelTools::unitGet),
          new Tool(
              "action-get",
              "[options] [<key>[.<key>.<key>...]]",
              "get action parameters",
              ToolFlags.none().output(),
              ActionTools::get),
          new Tool(
              "action-set",
              "<key>=<value> [<key>=<value> ...]",
              "set action results",
              ToolFlags.none(),
              ActionTools::set),
          new Tool(
              "action-log",
              "<message>",
              "record a progress message for the current action",
              ToolFlags.none(),
              ActionTools::log),
          new Tool(
              "action-fail",
              "[\"<failure message>\"]",
              "set action fail status with message",
              ToolFlags.none(),
              ActionTools::fail),
          new Tool(
              "network-get",
              "[options] <binding-name> [--ingress-address] [--bind-address] [--egress-subnets]",
              "Get network config.",
              ToolFlags.none()
                  .output()
                  .bool("primary-address")
                  .bool("bind-address")
                  .bool("ingress-address")
                  .bool("egress-subnets")
                  .value("relation", "r"),
              NetworkTools::networkGet),
          new Tool(
              "storage-list",
              "[options] [<storage-name>]",
              "List storage attached to the unit.",
              ToolFlags.none().output(),
              StorageTools::list),
          new Tool(
              "storage-get",
              "[options] [<key>]",
              "Print information for the storage instance with the specified ID.",
              ToolFlags.none().output().value("s"),
              StorageTools::get,
              StorageTools::getDetails),
          new Tool(
              "storage-add",
              "<charm storage name>[=count] ...",
              "Add storage instances.",
              ToolFlags.none(),
              StorageTools::add),
          new Tool(
              "resource-get",
              "<resource name>",
              "Get the path to the locally cached resource file.",
              ToolFlags.none(),
              ResourceTools::get),
          new Tool(
              "credential-get",
              "[options]",
              "access cloud credentials",
              ToolFlags.none().output(),
              MachineTools::credentialGet),
          new Tool(
              "juju-reboot",
              "[options]",
              "Reboot the host machine",
              ToolFlags.none().bool("now"),
              MachineTools::reboot),
          new Tool(
              "relation-ids",
              "[options] <name>",
              "list all relation ids for the given endpoint",
              ToolFlags.none().output(),
              RelationTools::ids),
          new Tool(
              "relation-list",
              "[options]",
              "list relation units",
              ToolFlags.none().output().value("r", "relation").bool("app"),
              RelationTools::list),
          new Tool(
              "relation-get",
              "[options] <key> <unit id>",
              "get relation settings",
              ToolFlags.none().output().value("r", "relation").bool("app"),
              RelationTools::get),
          new Tool(
              "relation-set",
              "key=value [key=value ...]",
              "set relation settings",
              ToolFlags.none().value("r", "relation").value("file").bool("app").value("format"),
              RelationTools::set),
          new Tool(
              "secret-add",
              "[options] [key[#base64|#file]=value...]",
              "Add a new secret.",
              SECRET_UPSERT.value("owner"),
              SecretTools::add),
          new Tool(
              "secret-set",
              "[options] <ID> [key[#base64|#file]=value...]",
              "Update an existing secret.",
              SECRET_UPSERT,
              SecretTools::set),
          new Tool(
              "secret-get",
              "[options] <ID> [key[#base64]]",
              "Get the content of a secret.",
              ToolFlags.none().output().value("label").bool("peek").bool("refresh"),
              SecretTools::get),
          new Tool(
              "secret-info-get",
              "[options] <ID>",
              "Get a secret's metadata info.",
              ToolFlags.none().output().value("label"),
              SecretTools::infoGet),
          new Tool(
              "secret-remove",
              "[options] <ID>",
              "Remove an existing secret.",
              ToolFlags.none().value("revision"),
              SecretTools::remove),
          new Tool(
              "secret-ids",
              "[options]",
              "Print secret ids.",
              ToolFlags.none().output(),
              SecretTools::ids),
          new Tool(
              "secret-grant",
              "[options] <ID>",
              "Grant access to a secret.",
              ToolFlags.none().value("r", "relation").value("unit"),
              call -> SecretTools.grantOrRevoke(call, true)),
          new Tool(
              "secret-revoke",
              "[options] <ID>",
              "Revoke access to a secret.",
              ToolFlags.none().value("r", "relation").value("unit").value("app"),
              call -> SecretTools.grantOrRevoke(call, false)));

  private ToolCatalogue() {}

  /** {@code open-port} or {@code close-port}: the same usage and flags, each its own effect. */
  private static Tool portChange(String name, String summary, Function<Port, ToolEffect> effect) {
    return new Tool(
        name,
        "<port>[/<protocol>] or <from>-<to>[/<protocol>] or icmp",
        summary,
        ToolFlags.none().value("format"),
        call -> PortTools.change(call, name, effect));
  }
}
