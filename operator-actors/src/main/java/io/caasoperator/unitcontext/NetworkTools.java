package io.caasoperator.unitcontext;

import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code network-get}: the unit's addresses for a binding, as its substrate knows them (juju/juju
 * {@code worker/uniter/runner/jujuc/network-get.go}, Juju 3.6; the answer is built as {@code
 * apiserver/facades/agent/uniter/networkinfocaas.go} builds it for Kubernetes units).
 *
 * <p>Every binding gets the same answer: a unit has one network here, as a Kubernetes unit has
 * (Juju's alpha space). The binding name is not checked against the charm's endpoints (the journal
 * records peer relations only, not {@code requires}, {@code provides} or {@code extra-bindings}),
 * so an unknown binding gets the addresses rather than Juju's {@code no network config found for
 * binding}. {@code -r} takes one of the unit's (peer) relations, which gets the same answer; any
 * other is {@code relation not found}, which ops turns into {@code RelationNotFoundError}.
 */
public final class NetworkTools {

  private NetworkTools() {}

  public static ToolOutcome networkGet(ToolCall call) {
    String relation = call.args().values().get("relation");
    if (relation != null && !knows(call.ctx(), relation)) {
      throw ToolFailure.usage(
          "invalid value "
              + ToolCall.quote(relation)
              + " for flag -r: "
              + relationProblem(relation));
    }
    String binding = call.first("arguments");
    if (binding.isEmpty()) {
      throw ToolFailure.usage("no binding name specified");
    }
    List<String> keys = new ArrayList<>();
    if (call.args().isSet("bind-address")) keys.add("bind-address");
    if (call.args().isSet("ingress-address")) keys.add("ingress-address");
    if (call.args().isSet("egress-subnets")) keys.add("egress-subnets");
    call.noArgumentsFrom(1);
    OutputFormat format = call.format();

    UnitAddresses network = call.ctx().addresses();
    if (network.interfaces().isEmpty()) {
      throw ToolFailure.failed("no network config found for binding " + ToolCall.quote(binding));
    }
    boolean primary = call.args().isSet("primary-address");
    if (!primary && keys.isEmpty()) {
      return ToolOutcome.printed(format.write(display(network, format == OutputFormat.JSON)));
    }
    List<UnitAddresses.Address> first = network.interfaces().get(0).addresses();
    if (primary) {
      // Backwards compatibility (deprecated): the primary address alone.
      if (!keys.isEmpty()) {
        throw ToolFailure.failed("--primary-address must be the only flag specified");
      }
      if (first.isEmpty()) {
        throw ToolFailure.failed(
            "no addresses attached to space for binding " + ToolCall.quote(binding));
      }
      return ToolOutcome.printed(format.write(first.get(0).value()));
    }
    Map<String, Object> values = new TreeMap<>();
    if (keys.contains("egress-subnets")) values.put("egress-subnets", network.egressSubnets());
    if (keys.contains("ingress-address")) {
      if (network.ingressAddresses().isEmpty() && first.isEmpty()) {
        throw ToolFailure.failed(
            "no addresses attached to space for binding " + ToolCall.quote(binding));
      }
      values.put(
          "ingress-address",
          network.ingressAddresses().isEmpty()
              ? first.get(0).value()
              : network.ingressAddresses().get(0));
    }
    if (keys.contains("bind-address")) {
      if (first.isEmpty()) {
        throw ToolFailure.failed(
            "no addresses attached to space for binding " + ToolCall.quote(binding));
      }
      values.put("bind-address", first.get(0).value());
    }
    return ToolOutcome.printed(format.write(keys.size() == 1 ? values.get(keys.get(0)) : values));
  }

  /**
   * Juju's display structs, field by field: JSON has {@code mac-address}, {@code interface-name}
   * and each address's {@code hostname}, {@code value}, {@code cidr}; YAML has the same plus the
   * copies older agents read ({@code address}, {@code macaddress}, {@code interfacename}). Empty
   * lists are left out ({@code omitempty}).
   */
  private static OutputFormat.Struct display(UnitAddresses network, boolean json) {
    List<Object> interfaces = new ArrayList<>();
    for (UnitAddresses.NetworkInterface nic : network.interfaces()) {
      List<Object> addresses = new ArrayList<>();
      for (UnitAddresses.Address address : nic.addresses()) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("hostname", "");
        fields.put("value", address.value());
        fields.put("cidr", address.cidr());
        if (!json) fields.put("address", address.value());
        addresses.add(new OutputFormat.Struct(fields));
      }
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("mac-address", nic.macAddress());
      fields.put("interface-name", nic.name());
      fields.put("addresses", addresses);
      if (!json) {
        fields.put("macaddress", nic.macAddress());
        fields.put("interfacename", nic.name());
      }
      interfaces.add(new OutputFormat.Struct(fields));
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("bind-addresses", interfaces);
    if (!network.egressSubnets().isEmpty()) fields.put("egress-subnets", network.egressSubnets());
    if (!network.ingressAddresses().isEmpty())
      fields.put("ingress-addresses", network.ingressAddresses());
    return new OutputFormat.Struct(fields);
  }

  /**
   * Whether {@code value} ({@code id} or {@code endpoint:id}) names one of the unit's relations.
   */
  private static boolean knows(ToolContext ctx, String value) {
    try {
      return ctx.relations()
          .containsKey(Long.parseLong(value.substring(value.lastIndexOf(':') + 1)));
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * Juju's relationIdValue.Set: a relation id (optionally {@code endpoint:id}) it does not know.
   */
  static String relationProblem(String value) {
    String id = value.substring(value.lastIndexOf(':') + 1);
    try {
      Integer.parseInt(id);
    } catch (NumberFormatException e) {
      return "invalid relation id";
    }
    return "relation not found";
  }
}
