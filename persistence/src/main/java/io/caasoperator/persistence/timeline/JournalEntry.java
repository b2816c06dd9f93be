package io.caasoperator.persistence.timeline;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.StableName;
import io.caasoperator.persistence.UnitEvent;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One event as the timeline shows it, and as {@code journal --format json}, {@code GET /v1/journal}
 * and {@code journal export} write it (one JSON object a line).
 *
 * @param offset the event's position in the journal's global order (the read journal's ordering)
 * @param time when the event happened: the time the actor captured in the event, so it survives an
 *     export and import unchanged
 * @param entity the persistence id, {@code operator|<app>} or {@code unit|<app>/<n>}
 * @param seqNr the event's sequence number within its entity
 * @param type the event's stable name, e.g. {@code unit.HookFailed.v1}
 * @param event the event itself
 */
@JsonPropertyOrder({"offset", "time", "entity", "seqNr", "type", "event"})
public record JournalEntry(
    long offset, Instant time, String entity, long seqNr, String type, JournalEvent event) {

  public static final String OPERATOR_PREFIX = "operator|";
  public static final String UNIT_PREFIX = "unit|";

  /** The application's own secrets ({@code secrets|<app>}): sealed content and digests only. */
  public static final String SECRETS_PREFIX = "secrets|";

  public static JournalEntry of(long offset, String entity, long seqNr, JournalEvent event) {
    return new JournalEntry(offset, timeOf(event), entity, seqNr, stableName(event), event);
  }

  /** The unit whose journal holds this event; empty for the operator's events. */
  public Optional<UnitId> unit() {
    return entity.startsWith(UNIT_PREFIX)
        ? Optional.of(UnitId.parse(entity.substring(UNIT_PREFIX.length())))
        : Optional.empty();
  }

  /**
   * The type without its namespace and version: {@code HookFailed} for {@code unit.HookFailed.v1}.
   */
  @JsonIgnore
  public String shortType() {
    return shortName(type);
  }

  static String shortName(String stableName) {
    int first = stableName.indexOf('.');
    int last = stableName.lastIndexOf('.');
    return first >= 0 && last > first ? stableName.substring(first + 1, last) : stableName;
  }

  static String stableName(JournalEvent event) {
    StableName name = event.getClass().getAnnotation(StableName.class);
    if (name == null)
      throw new IllegalArgumentException("not a journal type: " + event.getClass().getName());
    return name.value();
  }

  private static Instant timeOf(JournalEvent event) {
    return switch (event) {
      case UnitEvent e -> e.at();
      case OperatorEvent e -> e.at();
      case io.caasoperator.persistence.WorkloadEvent e -> e.at();
      case io.caasoperator.persistence.secret.SecretEvent e -> e.at();
      default ->
          throw new IllegalArgumentException("not an event: " + event.getClass().getSimpleName());
    };
  }

  /**
   * Reads one line written by {@link #toJson}; {@code types} maps stable names to classes (see
   * {@code JournalSerializer.types()}). Throws IllegalArgumentException naming the problem.
   */
  public static JournalEntry fromJson(
      JsonNode line, Map<String, Class<?>> types, ObjectMapper json) {
    String type = line.path("type").asText();
    Class<?> cls = types.get(type);
    if (cls == null || !JournalEvent.class.isAssignableFrom(cls)) {
      throw new IllegalArgumentException("unknown event type \"" + type + "\"");
    }
    if (!line.path("entity").isTextual() || !line.path("seqNr").canConvertToLong()) {
      throw new IllegalArgumentException("entry without entity or seqNr");
    }
    try {
      JournalEvent event = (JournalEvent) json.treeToValue(line.path("event"), cls);
      return new JournalEntry(
          line.path("offset").asLong(),
          timeOf(event),
          line.path("entity").asText(),
          line.path("seqNr").asLong(),
          type,
          event);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("cannot read " + type + ": " + e.getOriginalMessage());
    }
  }

  public String toJson(ObjectMapper json) {
    try {
      return json.writeValueAsString(this);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + type + " as JSON", e);
    }
  }
}
