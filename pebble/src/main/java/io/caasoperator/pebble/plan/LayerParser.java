package io.caasoperator.pebble.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Reads a layer's YAML as Pebble's {@code plan.ParseLayer} does: unknown sections and unknown
 * fields are refused (yaml.v3 {@code KnownFields}), duplicate keys are refused, and the layer is
 * validated ({@code Layer.Validate}). Every problem is a {@link PlanFormatException} whose message
 * names the layer, the entry and the field.
 */
public final class LayerParser {
  private static final YAMLMapper YAML =
      YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

  private static final Set<String> SERVICE_FIELDS =
      Set.of(
          "summary",
          "description",
          "startup",
          "override",
          "command",
          "after",
          "before",
          "requires",
          "environment",
          "user-id",
          "user",
          "group-id",
          "group",
          "working-dir",
          "on-success",
          "on-failure",
          "on-check-failure",
          "backoff-delay",
          "backoff-factor",
          "backoff-limit",
          "kill-delay");
  private static final Set<String> CHECK_FIELDS =
      Set.of(
          "override", "level", "startup", "period", "timeout", "threshold", "http", "tcp", "exec");
  private static final Set<String> EXEC_FIELDS =
      Set.of(
          "command",
          "service-context",
          "environment",
          "user-id",
          "user",
          "group-id",
          "group",
          "working-dir");
  private static final Set<String> LOG_TARGET_FIELDS =
      Set.of("type", "location", "services", "override", "labels");

  private LayerParser() {}

  /** Parses and validates one layer; {@code order} is the position the plan gives it. */
  public static Layer parse(int order, String label, String yaml) throws PlanFormatException {
    JsonNode root;
    try {
      root = YAML.readTree(yaml == null ? "" : yaml);
    } catch (JsonProcessingException e) {
      throw new PlanFormatException(
          "cannot parse layer \"" + label + "\": " + e.getOriginalMessage() + location(e));
    }
    Layer layer;
    try {
      layer = decode(order, label, root);
    } catch (FieldException e) {
      throw new PlanFormatException(
          "cannot parse layer \"" + label + "\" section \"" + e.section + "\": " + e.getMessage());
    }
    validate(layer);
    return layer;
  }

  private static String location(JsonProcessingException e) {
    return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
  }

  private static Layer decode(int order, String label, JsonNode root)
      throws PlanFormatException, FieldException {
    String summary = "";
    String description = "";
    Map<String, ServiceSpec> services = new LinkedHashMap<>();
    Map<String, CheckSpec> checks = new LinkedHashMap<>();
    Map<String, LogTarget> targets = new LinkedHashMap<>();
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new Layer(order, label, summary, description, services, checks, targets);
    }
    if (!root.isObject()) {
      throw new PlanFormatException(
          "cannot parse layer \"" + label + "\": a layer must be a YAML mapping");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      switch (e.getKey()) {
        case "summary" -> summary = string(e.getKey(), "summary", v);
        case "description" -> description = string(e.getKey(), "description", v);
        case "services" ->
            entries("services", v, (name, node) -> services.put(name, service(name, node)));
        case "checks" -> entries("checks", v, (name, node) -> checks.put(name, check(name, node)));
        case "log-targets" ->
            entries("log-targets", v, (name, node) -> targets.put(name, logTarget(name, node)));
        default ->
            throw new PlanFormatException(
                "cannot parse layer \"" + label + "\": unknown section \"" + e.getKey() + "\"");
      }
    }
    return new Layer(order, label, summary, description, services, checks, targets);
  }

  private interface EntryDecoder {
    void accept(String name, JsonNode node) throws FieldException, PlanFormatException;
  }

  private static void entries(String section, JsonNode v, EntryDecoder decoder)
      throws FieldException, PlanFormatException {
    if (v.isNull()) {
      return;
    }
    if (!v.isObject()) {
      throw new FieldException(section, "must be a mapping of names to entries");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getValue().isNull()) {
        String what =
            switch (section) {
              case "services" -> "service object cannot be null for service";
              case "checks" -> "check object cannot be null for check";
              default -> "log target object cannot be null for log target";
            };
        throw new PlanFormatException(what + " \"" + e.getKey() + "\"");
      }
      if (!e.getValue().isObject()) {
        throw new FieldException(section, "entry \"" + e.getKey() + "\" must be a mapping");
      }
      decoder.accept(e.getKey(), e.getValue());
    }
  }

  private static ServiceSpec service(String name, JsonNode n) throws FieldException {
    Fields f = new Fields("services", "service \"" + name + "\"", n);
    f.known(SERVICE_FIELDS);
    return new ServiceSpec(
        name,
        f.string("summary"),
        f.string("description"),
        f.enumValue("startup", Startup::parse),
        f.enumValue("override", Override::parse),
        f.string("command"),
        new Ordering(f.list("after"), f.list("before"), f.list("requires")),
        context(f),
        new RestartPolicy(
            f.enumValue("on-success", ServiceAction::parse),
            f.enumValue("on-failure", ServiceAction::parse),
            f.actions("on-check-failure"),
            f.duration("backoff-delay"),
            f.number("backoff-factor"),
            f.duration("backoff-limit"),
            f.duration("kill-delay")));
  }

  private static RunContext context(Fields f) throws FieldException {
    return new RunContext(
        f.stringMap("environment"),
        f.integer("user-id"),
        f.string("user"),
        f.integer("group-id"),
        f.string("group"),
        f.string("working-dir"));
  }

  private static CheckSpec check(String name, JsonNode n) throws FieldException {
    Fields f = new Fields("checks", "check \"" + name + "\"", n);
    f.known(CHECK_FIELDS);
    int threshold = f.integer("threshold").orElse(0);
    Optional<HttpCheck> http = Optional.empty();
    if (f.present("http")) {
      Fields h = f.mapping("http");
      h.known(Set.of("url", "headers"));
      http = Optional.of(new HttpCheck(h.string("url"), h.stringMap("headers")));
    }
    Optional<TcpCheck> tcp = Optional.empty();
    if (f.present("tcp")) {
      Fields t = f.mapping("tcp");
      t.known(Set.of("port", "host"));
      tcp = Optional.of(new TcpCheck(t.integer("port").orElse(0), t.string("host")));
    }
    Optional<ExecCheck> exec = Optional.empty();
    if (f.present("exec")) {
      Fields x = f.mapping("exec");
      x.known(EXEC_FIELDS);
      exec =
          Optional.of(new ExecCheck(x.string("command"), x.string("service-context"), context(x)));
    }
    return new CheckSpec(
        name,
        f.enumValue("override", Override::parse),
        f.enumValue("level", CheckLevel::parse),
        f.enumValue("startup", Startup::parse),
        f.duration("period"),
        f.duration("timeout"),
        threshold,
        http,
        tcp,
        exec);
  }

  private static LogTarget logTarget(String name, JsonNode n) throws FieldException {
    Fields f = new Fields("log-targets", "log target \"" + name + "\"", n);
    f.known(LOG_TARGET_FIELDS);
    return new LogTarget(
        name,
        f.string("type"),
        f.string("location"),
        f.list("services"),
        f.enumValue("override", Override::parse),
        f.stringMap("labels"));
  }

  // ---- validation: plan.go Layer.Validate ----

  private static void validate(Layer layer) throws PlanFormatException {
    if (layer.label().startsWith("pebble-")) {
      throw new PlanFormatException("cannot use reserved label prefix \"pebble-\"");
    }
    for (ServiceSpec service : layer.services().values()) {
      String name = service.name();
      if (name.isEmpty()) {
        throw new PlanFormatException("cannot use empty string as service name");
      }
      if (name.equals("pebble")) {
        throw new PlanFormatException("cannot use reserved service name \"pebble\"");
      }
      if (name.startsWith("-")) {
        throw new PlanFormatException(
            "cannot use service name \"" + name + "\": starting with \"-\" not allowed");
      }
      try {
        ServiceSpec.ParsedCommand.parse(service.command());
      } catch (IllegalArgumentException e) {
        throw new PlanFormatException(
            "plan service \""
                + name
                + "\" command invalid: cannot parse service \""
                + name
                + "\" command: "
                + e.getMessage());
      }
      RestartPolicy p = service.policy();
      // on-success also accepts failure-shutdown, on-failure and on-check-failure success-shutdown
      // (Validate)
      if (p.onSuccess() == ServiceAction.SUCCESS_SHUTDOWN) {
        throw new PlanFormatException(
            "plan service \"" + name + "\" on-success action \"success-shutdown\" invalid");
      }
      if (p.onFailure() == ServiceAction.FAILURE_SHUTDOWN) {
        throw new PlanFormatException(
            "plan service \"" + name + "\" on-failure action \"failure-shutdown\" invalid");
      }
      for (ServiceAction a : p.onCheckFailure().values()) {
        if (a == ServiceAction.FAILURE_SHUTDOWN) {
          throw new PlanFormatException(
              "plan service \"" + name + "\" on-check-failure action \"failure-shutdown\" invalid");
        }
      }
      if (p.backoffFactor().isPresent() && p.backoffFactor().get() < 1) {
        throw new PlanFormatException(
            "plan service \""
                + name
                + "\" backoff-factor must be 1.0 or greater, not "
                + p.backoffFactor().get());
      }
    }
    for (CheckSpec check : layer.checks().values()) {
      String name = check.name();
      if (name.isEmpty()) {
        throw new PlanFormatException("cannot use empty string as check name");
      }
      if (check.period().isPresent() && check.period().get().isZero()) {
        throw new PlanFormatException("plan check \"" + name + "\" period must not be zero");
      }
      if (check.timeout().isPresent() && check.timeout().get().isZero()) {
        throw new PlanFormatException("plan check \"" + name + "\" timeout must not be zero");
      }
      if (check.exec().isPresent()) {
        try {
          Shlex.split(check.exec().get().command());
        } catch (IllegalArgumentException e) {
          throw new PlanFormatException(
              "plan check \"" + name + "\" command invalid: " + e.getMessage());
        }
      }
    }
    for (LogTarget target : layer.logTargets().values()) {
      for (String labelName : target.labels().keySet()) {
        if (labelName.startsWith("pebble_")) {
          throw new PlanFormatException(
              "log target \""
                  + target.name()
                  + "\": label \""
                  + labelName
                  + "\" uses reserved prefix \"pebble_\"");
        }
      }
      switch (target.type()) {
        case "", "loki", "opentelemetry", "syslog" -> {}
        default ->
            throw new PlanFormatException(
                "log target \""
                    + target.name()
                    + "\" has unsupported type \""
                    + target.type()
                    + "\", must be \"loki\", \"opentelemetry\" or \"syslog\"");
      }
    }
  }

  // ---- field decoders ----

  /** A field of the wrong type: reported with its section, entry and field. */
  private static final class FieldException extends Exception {
    private static final long serialVersionUID = 1L;
    final String section;

    FieldException(String section, String message) {
      super(message);
      this.section = section;
    }
  }

  /**
   * The fields of one entry of {@code section} (or of a mapping inside it), each decoded by name: a
   * problem names the field as {@code where} followed by the field's name.
   */
  private record Fields(String section, String where, JsonNode node) {
    boolean present(String field) {
      return LayerParser.present(node.get(field));
    }

    /** Refuses a field this mapping does not have (yaml.v3 {@code KnownFields}). */
    void known(Set<String> fields) throws FieldException {
      LayerParser.known(section, where, node, fields);
    }

    /** The mapping in {@code field}, whose own fields are named after it. */
    Fields mapping(String field) throws FieldException {
      String at = where + " " + field;
      return new Fields(section, at, object(section, at, node.get(field)));
    }

    String string(String field) throws FieldException {
      return LayerParser.string(section, where + " " + field, node.get(field));
    }

    List<String> list(String field) throws FieldException {
      return LayerParser.list(section, where + " " + field, node.get(field));
    }

    Map<String, String> stringMap(String field) throws FieldException {
      return LayerParser.stringMap(section, where + " " + field, node.get(field));
    }

    Map<String, ServiceAction> actions(String field) throws FieldException {
      return LayerParser.actions(section, where + " " + field, node.get(field));
    }

    <E> E enumValue(String field, Function<String, E> parse) throws FieldException {
      return LayerParser.enumValue(section, where + " " + field, node.get(field), parse);
    }

    Optional<Duration> duration(String field) throws FieldException {
      return LayerParser.duration(section, where + " " + field, node.get(field));
    }

    Optional<Double> number(String field) throws FieldException {
      return LayerParser.number(section, where + " " + field, node.get(field));
    }

    Optional<Integer> integer(String field) throws FieldException {
      return LayerParser.integer(section, where + " " + field, node.get(field));
    }
  }

  private static boolean present(JsonNode v) {
    return v != null && !v.isNull();
  }

  private static void known(String section, String where, JsonNode n, Set<String> fields)
      throws FieldException {
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!fields.contains(f)) {
        throw new FieldException(section, where + ": unknown field \"" + f + "\"");
      }
    }
  }

  private static JsonNode object(String section, String where, JsonNode v) throws FieldException {
    if (!v.isObject()) {
      throw new FieldException(section, where + " must be a mapping");
    }
    return v;
  }

  private static String string(String section, String where, JsonNode v) throws FieldException {
    if (!present(v)) {
      return "";
    }
    if (!v.isValueNode()) {
      throw new FieldException(section, where + " must be a string");
    }
    return v.asText();
  }

  private static List<String> list(String section, String where, JsonNode v) throws FieldException {
    if (!present(v)) {
      return List.of();
    }
    if (!v.isArray()) {
      throw new FieldException(section, where + " must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode item : v) {
      out.add(string(section, where, item));
    }
    return out;
  }

  private static Map<String, String> stringMap(String section, String where, JsonNode v)
      throws FieldException {
    if (!present(v)) {
      return Map.of();
    }
    if (!v.isObject()) {
      throw new FieldException(section, where + " must be a mapping of strings");
    }
    Map<String, String> out = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.put(e.getKey(), string(section, where + " \"" + e.getKey() + "\"", e.getValue()));
    }
    return out;
  }

  private static Map<String, ServiceAction> actions(String section, String where, JsonNode v)
      throws FieldException {
    Map<String, ServiceAction> out = new TreeMap<>();
    for (Map.Entry<String, String> e : stringMap(section, where, v).entrySet()) {
      out.put(
          e.getKey(),
          parsed(section, where + " \"" + e.getKey() + "\"", e.getValue(), ServiceAction::parse));
    }
    return out;
  }

  private static <E> E enumValue(
      String section, String where, JsonNode v, Function<String, E> parse) throws FieldException {
    return parsed(section, where, string(section, where, v), parse);
  }

  /** {@code text} parsed; what the parser refuses is a problem of the field {@code where}. */
  private static <T> T parsed(String section, String where, String text, Function<String, T> parse)
      throws FieldException {
    try {
      return parse.apply(text);
    } catch (IllegalArgumentException e) {
      throw new FieldException(section, where + ": " + e.getMessage());
    }
  }

  private static Optional<Duration> duration(String section, String where, JsonNode v)
      throws FieldException {
    if (!present(v)) {
      return Optional.empty();
    }
    if (!v.isValueNode()) {
      throw new FieldException(section, where + ": duration must be a YAML string");
    }
    return Optional.of(parsed(section, where, v.asText(), GoDuration::parse));
  }

  private static Optional<Double> number(String section, String where, JsonNode v)
      throws FieldException {
    if (!present(v)) {
      return Optional.empty();
    }
    if (v.isNumber()) {
      return Optional.of(v.asDouble());
    }
    throw new FieldException(section, where + ": value must be a YAML number");
  }

  private static Optional<Integer> integer(String section, String where, JsonNode v)
      throws FieldException {
    if (!present(v)) {
      return Optional.empty();
    }
    if (v.isIntegralNumber() && v.canConvertToInt()) {
      return Optional.of(v.asInt());
    }
    throw new FieldException(section, where + " must be an integer");
  }
}
