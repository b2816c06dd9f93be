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
    String s = "services";
    String where = "service \"" + name + "\"";
    known(s, where, n, SERVICE_FIELDS);
    return new ServiceSpec(
        name,
        string(s, where + " summary", n.get("summary")),
        string(s, where + " description", n.get("description")),
        enumValue(s, where + " startup", n.get("startup"), Startup::parse),
        enumValue(s, where + " override", n.get("override"), Override::parse),
        string(s, where + " command", n.get("command")),
        new Ordering(
            list(s, where + " after", n.get("after")),
            list(s, where + " before", n.get("before")),
            list(s, where + " requires", n.get("requires"))),
        context(s, where, n),
        new RestartPolicy(
            enumValue(s, where + " on-success", n.get("on-success"), ServiceAction::parse),
            enumValue(s, where + " on-failure", n.get("on-failure"), ServiceAction::parse),
            actions(s, where + " on-check-failure", n.get("on-check-failure")),
            duration(s, where + " backoff-delay", n.get("backoff-delay")),
            number(s, where + " backoff-factor", n.get("backoff-factor")),
            duration(s, where + " backoff-limit", n.get("backoff-limit")),
            duration(s, where + " kill-delay", n.get("kill-delay"))));
  }

  private static RunContext context(String s, String where, JsonNode n) throws FieldException {
    return new RunContext(
        stringMap(s, where + " environment", n.get("environment")),
        integer(s, where + " user-id", n.get("user-id")),
        string(s, where + " user", n.get("user")),
        integer(s, where + " group-id", n.get("group-id")),
        string(s, where + " group", n.get("group")),
        string(s, where + " working-dir", n.get("working-dir")));
  }

  private static CheckSpec check(String name, JsonNode n) throws FieldException {
    String s = "checks";
    String where = "check \"" + name + "\"";
    known(s, where, n, CHECK_FIELDS);
    int threshold = integer(s, where + " threshold", n.get("threshold")).orElse(0);
    Optional<HttpCheck> http = Optional.empty();
    if (present(n.get("http"))) {
      JsonNode h = object(s, where + " http", n.get("http"));
      known(s, where + " http", h, Set.of("url", "headers"));
      http =
          Optional.of(
              new HttpCheck(
                  string(s, where + " http url", h.get("url")),
                  stringMap(s, where + " http headers", h.get("headers"))));
    }
    Optional<TcpCheck> tcp = Optional.empty();
    if (present(n.get("tcp"))) {
      JsonNode t = object(s, where + " tcp", n.get("tcp"));
      known(s, where + " tcp", t, Set.of("port", "host"));
      tcp =
          Optional.of(
              new TcpCheck(
                  integer(s, where + " tcp port", t.get("port")).orElse(0),
                  string(s, where + " tcp host", t.get("host"))));
    }
    Optional<ExecCheck> exec = Optional.empty();
    if (present(n.get("exec"))) {
      JsonNode x = object(s, where + " exec", n.get("exec"));
      known(s, where + " exec", x, EXEC_FIELDS);
      exec =
          Optional.of(
              new ExecCheck(
                  string(s, where + " exec command", x.get("command")),
                  string(s, where + " exec service-context", x.get("service-context")),
                  context(s, where + " exec", x)));
    }
    return new CheckSpec(
        name,
        enumValue(s, where + " override", n.get("override"), Override::parse),
        enumValue(s, where + " level", n.get("level"), CheckLevel::parse),
        enumValue(s, where + " startup", n.get("startup"), Startup::parse),
        duration(s, where + " period", n.get("period")),
        duration(s, where + " timeout", n.get("timeout")),
        threshold,
        http,
        tcp,
        exec);
  }

  private static LogTarget logTarget(String name, JsonNode n) throws FieldException {
    String s = "log-targets";
    String where = "log target \"" + name + "\"";
    known(s, where, n, LOG_TARGET_FIELDS);
    return new LogTarget(
        name,
        string(s, where + " type", n.get("type")),
        string(s, where + " location", n.get("location")),
        list(s, where + " services", n.get("services")),
        enumValue(s, where + " override", n.get("override"), Override::parse),
        stringMap(s, where + " labels", n.get("labels")));
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
