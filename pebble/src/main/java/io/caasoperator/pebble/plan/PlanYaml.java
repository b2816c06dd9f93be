package io.caasoperator.pebble.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes the plan as {@code GET /v1/plan?format=yaml} answers it: fields in Pebble's struct order,
 * unset fields left out (yaml.v3 {@code omitempty}), maps sorted by key, durations in Go syntax, an
 * empty plan as {@code {}}.
 */
public final class PlanYaml {
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
          .build();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private PlanYaml() {}

  public static String write(Plan plan) {
    ObjectNode root = F.objectNode();
    section(root, "services", plan.services(), PlanYaml::service);
    section(root, "checks", plan.checks(), PlanYaml::check);
    section(root, "log-targets", plan.logTargets(), PlanYaml::logTarget);
    if (root.isEmpty()) {
      return "{}\n";
    }
    try {
      return YAML.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize plan", e);
    }
  }

  private static ObjectNode service(ServiceSpec s) {
    ObjectNode n = F.objectNode();
    text(n, "summary", s.summary());
    text(n, "description", s.description());
    text(n, "startup", s.startup().wire());
    text(n, "override", s.override().wire());
    text(n, "command", s.command());
    list(n, "after", s.ordering().after());
    list(n, "before", s.ordering().before());
    list(n, "requires", s.ordering().requires());
    context(n, s.context());
    RestartPolicy p = s.policy();
    text(n, "on-success", p.onSuccess().wire());
    text(n, "on-failure", p.onFailure().wire());
    if (!p.onCheckFailure().isEmpty()) {
      ObjectNode m = n.putObject("on-check-failure");
      p.onCheckFailure().forEach((k, v) -> m.put(k, v.wire()));
    }
    duration(n, "backoff-delay", p.backoffDelay());
    p.backoffFactor().ifPresent(f -> n.put("backoff-factor", f));
    duration(n, "backoff-limit", p.backoffLimit());
    duration(n, "kill-delay", p.killDelay());
    return n;
  }

  private static void context(ObjectNode n, RunContext c) {
    map(n, "environment", c.environment());
    c.userId().ifPresent(id -> n.put("user-id", id));
    text(n, "user", c.user());
    c.groupId().ifPresent(id -> n.put("group-id", id));
    text(n, "group", c.group());
    text(n, "working-dir", c.workingDir());
  }

  private static ObjectNode check(CheckSpec c) {
    ObjectNode n = F.objectNode();
    text(n, "override", c.override().wire());
    text(n, "level", c.level().wire());
    text(n, "startup", c.startup().wire());
    duration(n, "period", c.period());
    duration(n, "timeout", c.timeout());
    if (c.threshold() != 0) {
      n.put("threshold", c.threshold());
    }
    c.http().ifPresent(h -> n.set("http", http(h)));
    c.tcp().ifPresent(t -> n.set("tcp", tcp(t)));
    c.exec().ifPresent(e -> n.set("exec", exec(e)));
    return n;
  }

  private static ObjectNode http(HttpCheck h) {
    ObjectNode n = F.objectNode();
    text(n, "url", h.url());
    map(n, "headers", h.headers());
    return n;
  }

  private static ObjectNode tcp(TcpCheck t) {
    ObjectNode n = F.objectNode();
    if (t.port() != 0) {
      n.put("port", t.port());
    }
    text(n, "host", t.host());
    return n;
  }

  private static ObjectNode exec(ExecCheck e) {
    ObjectNode n = F.objectNode();
    text(n, "command", e.command());
    text(n, "service-context", e.serviceContext());
    context(n, e.context());
    return n;
  }

  private static ObjectNode logTarget(LogTarget t) {
    ObjectNode n = F.objectNode();
    n.put("type", t.type());
    n.put("location", t.location());
    n.set("services", F.arrayNode().addAll(t.services().stream().map(F::textNode).toList()));
    text(n, "override", t.override().wire());
    map(n, "labels", t.labels());
    return n;
  }

  /** A top-level section of named entries, left out when it has none. */
  private static <T> void section(
      ObjectNode root, String name, Map<String, T> entries, Function<T, ObjectNode> write) {
    if (!entries.isEmpty()) {
      ObjectNode section = root.putObject(name);
      entries.forEach((key, entry) -> section.set(key, write.apply(entry)));
    }
  }

  private static void text(ObjectNode n, String field, String value) {
    if (!value.isEmpty()) {
      n.put(field, value);
    }
  }

  private static void list(ObjectNode n, String field, List<String> values) {
    if (!values.isEmpty()) {
      n.set(field, F.arrayNode().addAll(values.stream().map(F::textNode).toList()));
    }
  }

  private static void map(ObjectNode n, String field, Map<String, String> values) {
    if (!values.isEmpty()) {
      ObjectNode m = n.putObject(field);
      values.forEach(m::put);
    }
  }

  private static void duration(ObjectNode n, String field, Optional<Duration> value) {
    value.ifPresent(d -> n.put(field, GoDuration.format(d)));
  }
}
