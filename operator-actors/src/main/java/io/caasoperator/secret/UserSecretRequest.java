package io.caasoperator.secret;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One change to the model's user secrets as {@code juju} asks for it (Juju 3.6's {@code
 * cmd/juju/secrets/add.go}, {@code update.go}, {@code remove.go}, {@code grantrevoke.go}), sent to
 * the model's operator as JSON. Content is in clear here, in memory and on the loopback TLS
 * connection only; its {@code toString} never shows it.
 *
 * @param key the secret's id ({@code secret:<id>} or bare) or name; the new name for {@link
 *     Action#ADD}
 * @param name {@link Action#UPDATE}'s {@code --name}: the new name; null to keep it
 * @param info {@code --info}: the description; null to keep it
 * @param content the new revision's keys and values; null or empty for none
 * @param revision {@link Action#REMOVE}'s {@code --revision}; null for the whole secret
 * @param applications {@link Action#GRANT} and {@link Action#REVOKE}: whom
 * @param autoPrune {@code --auto-prune}; null when not given
 */
public record UserSecretRequest(
    Action action,
    String key,
    String name,
    String info,
    Map<String, String> content,
    Integer revision,
    List<String> applications,
    Boolean autoPrune) {

  public enum Action {
    ADD,
    UPDATE,
    REMOVE,
    GRANT,
    REVOKE
  }

  public UserSecretRequest {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(key, "key");
    content = content == null || content.isEmpty() ? null : Map.copyOf(content);
    applications = applications == null ? List.of() : List.copyOf(applications);
  }

  @Override
  public String toString() {
    return action
        + " "
        + key
        + (content == null ? "" : " keys=" + new java.util.TreeSet<>(content.keySet()))
        + (applications.isEmpty() ? "" : " " + applications);
  }
}
