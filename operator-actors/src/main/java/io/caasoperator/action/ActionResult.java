package io.caasoperator.action;

import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.persistence.ActionMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an action reported, as {@code juju run} shows it.
 *
 * @param status {@code completed}, or {@code failed} when the commands exited non-zero or called
 *     {@code action-fail}
 * @param message the {@code action-fail} message, or empty
 * @param results what {@code action-set} set (dotted keys nested)
 * @param log the {@code action-log} messages, in order
 */
public record ActionResult(
    String status, String message, Map<String, Object> results, List<String> log) {

  /**
   * Collects an action's tool effects while its exec or charm action runs; confined to the unit
   * actor.
   */
  public static final class Recorder {
    private final Map<String, Object> results = new LinkedHashMap<>();
    private final List<ActionMessage> log = new ArrayList<>();
    private String failure;

    /** {@code at}: when the tool was called, which {@code action-log} messages keep. */
    public void record(ToolEffect.ActionEffect effect, Instant at) {
      switch (effect) {
        case ToolEffect.ActionResultSet set -> merge(results, set.nested());
        case ToolEffect.ActionLogged logged -> log.add(new ActionMessage(at, logged.message()));
        case ToolEffect.ActionFailed failed -> failure = failed.message();
      }
    }

    /** An exec's action as its reply shows it. */
    public ActionResult result(int exitCode) {
      boolean failed = failure != null || exitCode != 0;
      String message = failure != null ? failure : exitCode != 0 ? "exit status " + exitCode : "";
      return new ActionResult(
          failed ? "failed" : "completed",
          message,
          Map.copyOf(results),
          log.stream().map(ActionMessage::message).toList());
    }

    /** What {@code action-set} set so far, dotted keys nested. */
    public Map<String, Object> results() {
      return new LinkedHashMap<>(results);
    }

    /** The {@code action-log} messages so far, in order. */
    public List<ActionMessage> messages() {
      return List.copyOf(log);
    }

    /** The {@code action-fail} message, when it was called (the last one wins). */
    public Optional<String> failure() {
      return Optional.ofNullable(failure);
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
}
