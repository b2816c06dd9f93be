package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.text.TextTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A user secret as Juju 3.6 shows it ({@code cmd/juju/secrets/list.go}, {@code
 * secretDisplayDetails}), from the operator's {@code UserSecretView}: keyed by id; the owner of a
 * model-owned secret is {@code <model>} and its label is shown as {@code name}; content only when
 * revealed, under {@code Data} in JSON (Go's {@code inline} tag applies to YAML only, so jubilant
 * reads {@code content.Data}) and directly in YAML. Pure.
 */
final class SecretDetails {
  private SecretDetails() {}

  /** The owner Juju shows for a model-owned secret. */
  static final String MODEL_OWNER = "<model>";

  /**
   * {@code view} in Juju's shape.
   *
   * @param revisions with each revision's metadata ({@code show-secret --revisions})
   * @param access with the grants ({@code show-secret}; {@code secrets} leaves them out)
   * @param format {@code json} or {@code yaml}: where revealed content goes
   */
  static ObjectNode of(
      JsonNode view, String modelUuid, boolean revisions, boolean access, String format) {
    ObjectNode details = Output.JSON.createObjectNode();
    details.put("revision", view.path("revision").asInt());
    details.put("owner", MODEL_OWNER);
    text(details, "description", view.path("description"));
    text(details, "name", view.path("name"));
    details.put("created", view.path("created").asText());
    details.put("updated", view.path("updated").asText());
    JsonNode content = view.path("content");
    if (content.isObject() && !content.isEmpty()) {
      if (format.equals("json")) details.putObject("content").set("Data", content);
      else details.set("content", content);
    }
    if (revisions) {
      ArrayNode list = details.putArray("revisions");
      for (JsonNode r : view.path("revisions")) {
        ObjectNode revision = list.addObject();
        revision.put("revision", r.path("revision").asInt());
        revision.put("created", r.path("created").asText());
        revision.put("updated", r.path("created").asText());
        text(revision, "expires", r.path("expires"));
      }
    }
    if (access && !view.path("grantedTo").isEmpty()) {
      ArrayNode list = details.putArray("access");
      for (JsonNode application : view.path("grantedTo")) {
        // Juju's AccessInfo: the grantee's tag, the scope's tag (a user secret's is the model),
        // the role a grant gives
        ObjectNode grant = list.addObject();
        grant.put("target", "application-" + application.asText());
        grant.put("scope", "model-" + modelUuid);
        grant.put("role", "view");
      }
    }
    return details;
  }

  /** {@code juju secrets} as a table (list.go's {@code formatSecretsTabular}). */
  static String table(JsonNode secrets, Instant now) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"ID", "Name", "Owner", "Rotation", "Revision", "Last updated"});
    for (JsonNode s : secrets) {
      String name = s.path("name").asText("");
      rows.add(
          new String[] {
            s.path("id").asText(),
            name.isEmpty() ? "-" : name,
            MODEL_OWNER,
            "",
            Integer.toString(s.path("revision").asInt()),
            ago(Instant.parse(s.path("updated").asText()), now)
          });
    }
    return TextTable.render(rows);
  }

  /** juju/cmd's {@code UserFriendlyDuration}, roughly: how long ago, in the largest unit. */
  static String ago(Instant then, Instant now) {
    Duration d = Duration.between(then, now);
    if (d.toSeconds() < 60) return "just now";
    if (d.toMinutes() < 60) return plural(d.toMinutes(), "minute") + " ago";
    if (d.toHours() < 24) return plural(d.toHours(), "hour") + " ago";
    return then.toString().substring(0, 10);
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }

  private static void text(ObjectNode node, String field, JsonNode value) {
    if (value.isTextual() && !value.asText().isEmpty()) node.put(field, value.asText());
  }
}
