package io.caasoperator.relation;

import io.caasoperator.hooktool.KeyValues;
import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.RelationHook;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code relation-ids}, {@code relation-list}, {@code relation-get} and {@code relation-set}, with
 * Juju's flags, defaults and messages ({@code internal/worker/uniter/runner/jujuc/relation-*.go}
 * and the {@code -r} value of {@code context.go}): {@code -r} takes {@code name:id} or {@code id}
 * and defaults to the running relation hook's relation; an unknown id is {@code relation not
 * found}, which the ops framework turns into {@code RelationNotFoundError}.
 */
public final class RelationTools {

  private RelationTools() {}

  public static ToolOutcome ids(ToolCall call) {
    Optional<String> hookEndpoint = call.ctx().hookRelation().map(RelationHook::endpoint);
    String endpoint;
    if (!call.positionals().isEmpty()) {
      endpoint = call.positionals().get(0);
    } else if (hookEndpoint.isPresent()) {
      endpoint = hookEndpoint.get();
    } else {
      throw ToolFailure.usage("no endpoint name specified");
    }
    call.noArgumentsFrom(1);
    // a relation being broken is no longer listed (Juju's HookContext.RelationIds skips it,
    // internal/worker/uniter/runner/context/context.go), though -r still finds it
    List<String> ids =
        call.ctx().relations().values().stream()
            .filter(r -> r.endpoint().equals(endpoint) && !r.broken())
            .map(RelationView::key)
            .sorted()
            .toList();
    return ToolOutcome.printed(call.format().write(ids));
  }

  public static ToolOutcome list(ToolCall call) {
    RelationView relation = relation(call);
    call.noArgumentsFrom(0);
    if (call.args().isSet("app")) {
      return ToolOutcome.printed(call.format().write(relation.remoteApplication()));
    }
    return ToolOutcome.printed(call.format().write(relation.members().stream().sorted().toList()));
  }

  public static ToolOutcome get(ToolCall call) {
    RelationView relation = relation(call);
    List<String> args = new ArrayList<>(call.positionals());
    String key = "";
    if (!args.isEmpty()) {
      key = args.removeFirst();
      if (key.equals("-")) {
        key = "";
      }
    }
    boolean app = call.args().isSet("app");
    String target;
    Optional<RelationHook> hook =
        call.ctx().hookRelation().filter(h -> h.relationId() == relation.id());
    if (!args.isEmpty()) {
      String given = args.removeFirst();
      if (app) {
        target = given.contains("/") ? given.substring(0, given.indexOf('/')) : given;
      } else if (!given.contains("/")) {
        throw ToolFailure.usage(
            "expected unit name, got application name " + ToolCall.quote(given));
      } else {
        target = given;
      }
    } else if (app) {
      target =
          hook.map(RelationHook::remoteApplication)
              .filter(a -> !a.isEmpty())
              .orElseThrow(() -> ToolFailure.usage("no unit or application specified"));
    } else if (hook.isPresent() && !hook.get().remoteUnit().isEmpty()) {
      target = hook.get().remoteUnit();
    } else if (hook.isPresent() && !hook.get().remoteApplication().isEmpty()) {
      target = hook.get().remoteApplication();
      app = true;
    } else {
      throw ToolFailure.usage("no unit or application specified");
    }
    ToolCall.noArguments(args);
    Map<String, String> settings;
    if (app) {
      boolean own = target.equals(call.ctx().application().value());
      if (!target.equals(relation.remoteApplication()) && !own) {
        throw ToolFailure.failed(
            "cannot read application settings: application "
                + ToolCall.quote(target)
                + " not found in relation "
                + relation.key());
      }
      if (!relation.crossApplication()) {
        settings = relation.applicationSettings();
      } else if (!own) {
        settings = relation.remoteApplicationSettings();
      } else if (call.ctx().isLeader()) {
        settings = relation.applicationSettings();
      } else {
        // only the leader reads its own application's databag in a relation with another
        // application: Juju's uniter facade answers anyone else ErrPerm
        // (apiserver/facades/agent/uniter, ReadLocalApplicationSettings)
        throw ToolFailure.failed("permission denied");
      }
    } else {
      settings = relation.unitSettings().get(target);
      if (settings == null) {
        throw ToolFailure.failed(
            "cannot read settings for unit "
                + ToolCall.quote(target)
                + " in relation "
                + relation.key()
                + ": unit "
                + ToolCall.quote(target)
                + ": settings not found");
      }
    }
    if (key.isEmpty()) {
      return ToolOutcome.printed(call.format().write(new TreeMap<>(settings)));
    }
    return ToolOutcome.printed(call.format().write(settings.get(key)));
  }

  public static ToolOutcome set(ToolCall call) {
    RelationView relation = relation(call);
    Map<String, String> changes = new LinkedHashMap<>();
    changes.putAll(KeyValues.file(call));
    // key=value arguments override the file's, as in Juju
    changes.putAll(KeyValues.parse(call.positionals()));
    boolean app = call.args().isSet("app");
    if (app && !call.ctx().isLeader()) {
      throw ToolFailure.failed("cannot write relation settings");
    }
    Map<String, String> settings =
        new TreeMap<>(
            app
                ? relation.applicationSettings()
                : relation.unitSettings().getOrDefault(call.ctx().unit().name(), Map.of()));
    changes.forEach(
        (k, v) -> {
          if (v.isEmpty()) {
            settings.remove(k);
          } else {
            settings.put(k, v);
          }
        });
    return ToolOutcome.applied(
        List.of(new ToolEffect.RelationSettingsSet(relation.id(), app, settings)));
  }

  /** {@code -r} (an id, or {@code name:id}), else the running relation hook's relation. */
  /** The relation of {@code -r} (the running relation hook's by default); also secret-grant's. */
  public static RelationView relation(ToolCall call) {
    String flag = call.args().values().get("r");
    long id;
    if (flag == null) {
      id =
          call.ctx()
              .hookRelation()
              .map(RelationHook::relationId)
              .orElseThrow(() -> ToolFailure.usage("no relation id specified"));
    } else {
      String number = flag.substring(flag.lastIndexOf(':') + 1);
      try {
        id = Long.parseLong(number);
      } catch (NumberFormatException e) {
        throw ToolFailure.usage(
            "invalid value " + ToolCall.quote(flag) + " for flag -r: invalid relation id");
      }
    }
    RelationView relation = call.ctx().relations().get(id);
    if (relation == null) {
      String shown = flag == null ? String.valueOf(id) : flag;
      throw ToolFailure.usage(
          "invalid value " + ToolCall.quote(shown) + " for flag -r: relation not found");
    }
    return relation;
  }
}
