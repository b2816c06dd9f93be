package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretsState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What {@code show-secret} prints of one secret, found by id, URI or label: its metadata and each
 * kept revision's digest; the latest revision's content only when revealed. Pure.
 */
public final class SecretReport {

  private SecretReport() {}

  /** The secret {@code key} names (its id, {@code secret:<id>}, or a label), if there is one. */
  public static Optional<SecretsState.Secret> find(SecretsState state, String key) {
    String id =
        key.startsWith("secret:")
            ? key.substring(key.lastIndexOf(key.startsWith("secret://") ? '/' : ':') + 1)
            : key;
    return state
        .find(id)
        .or(() -> state.secrets().values().stream().filter(s -> key.equals(s.label())).findFirst());
  }

  /**
   * @param opener opens sealed content; null to leave content out
   */
  public static Map<String, Object> of(
      SecretsState.Secret secret,
      Function<io.caasoperator.persistence.secret.SealedContent, Map<String, String>> opener) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("uri", secret.uri());
    report.put("owner", secret.owner().kind().label() + " " + secret.owner().name());
    report.put("label", secret.label() == null ? "" : secret.label());
    if (secret.description() != null) report.put("description", secret.description());
    if (secret.rotatePolicy() != null) report.put("rotation", secret.rotatePolicy());
    if (secret.nextRotation() != null) report.put("rotates", secret.nextRotation().toString());
    report.put("revision", secret.latestRevision());
    report.put("created", secret.created().toString());
    report.put("updated", secret.updated().toString());
    List<Map<String, Object>> revisions = new ArrayList<>();
    for (SecretsState.Revision r : secret.revisions()) {
      Map<String, Object> revision = new LinkedHashMap<>();
      revision.put("revision", r.revision());
      revision.put("digest", r.content().digest());
      revision.put("created", r.created().toString());
      if (r.expiry() != null) revision.put("expiry", r.expiry().toString());
      revisions.add(revision);
    }
    report.put("revisions", revisions);
    if (!secret.grants().isEmpty()) {
      List<Map<String, Object>> grants = new ArrayList<>();
      for (SecretsState.Grant g : secret.grants()) {
        Map<String, Object> grant = new LinkedHashMap<>();
        grant.put("relation", g.relation());
        if (!g.unit().isEmpty()) grant.put("unit", g.unit());
        grants.add(grant);
      }
      report.put("grants", grants);
    }
    if (opener != null)
      secret.latest().ifPresent(r -> report.put("content", opener.apply(r.content())));
    return report;
  }
}
