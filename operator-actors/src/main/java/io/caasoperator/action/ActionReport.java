package io.caasoperator.action;

import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.persistence.ActionMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an action reported through its hook tools so far ({@code action-set}, {@code action-log},
 * {@code action-fail}), replaced whole with every report: part of the running exec's or charm
 * action's {@code unit.ContextDraft}, read when it ends.
 *
 * @param results what {@code action-set} set so far, dotted keys nested, in the order set
 * @param messages the {@code action-log} messages so far, in order
 * @param failure the {@code action-fail} message, when it was called (the last one wins)
 */
public record ActionReport(
    Map<String, Object> results, List<ActionMessage> messages, Optional<String> failure) {

  public static final ActionReport NONE = new ActionReport(Map.of(), List.of(), Optional.empty());

  public ActionReport {
    // insertion order kept: the results are journaled and shown in the order the charm set them
    results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
    messages = List.copyOf(messages);
  }

  /** With {@code effect} reported at {@code at} (when the tool was called: a log line keeps it). */
  public ActionReport with(ToolEffect.ActionEffect effect, Instant at) {
    return switch (effect) {
      case ToolEffect.ActionResultSet set -> {
        Map<String, Object> merged = new LinkedHashMap<>(results);
        merge(merged, set.nested());
        yield new ActionReport(merged, messages, failure);
      }
      case ToolEffect.ActionLogged logged -> {
        List<ActionMessage> more = new ArrayList<>(messages);
        more.add(new ActionMessage(at, logged.message()));
        yield new ActionReport(results, more, failure);
      }
      case ToolEffect.ActionFailed failed ->
          new ActionReport(results, messages, Optional.of(failed.message()));
    };
  }

  /** An exec's action as its reply shows it. */
  public ActionResult result(int exitCode) {
    boolean failed = failure.isPresent() || exitCode != 0;
    String message = failure.orElse(exitCode != 0 ? "exit status " + exitCode : "");
    return new ActionResult(
        failed ? "failed" : "completed",
        message,
        Map.copyOf(results),
        messages.stream().map(ActionMessage::message).toList());
  }

  @SuppressWarnings("unchecked")
  private static void merge(Map<String, Object> into, Map<String, Object> from) {
    from.forEach(
        (key, value) -> {
          if (value instanceof Map<?, ?> nested && into.get(key) instanceof Map<?, ?> existing) {
            Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) existing);
            merge(copy, (Map<String, Object>) nested);
            into.put(key, copy);
          } else {
            into.put(key, value);
          }
        });
  }
}
