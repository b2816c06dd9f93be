package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One of the model's user secrets as the operator answers {@code juju secrets} and {@code juju
 * show-secret}: metadata, each kept revision, the applications granted it, and content only when
 * asked to reveal it. {@code juju} turns it into Juju's shape ({@code cmd/juju/secrets/list.go}'s
 * {@code secretDisplayDetails}). Times are RFC 3339 in UTC, to the second.
 *
 * @param name its name (the label Juju keeps for a model-owned secret)
 * @param description {@code --info}; null when none
 * @param revision the latest revision's number
 * @param grantedTo the applications {@code juju grant-secret} granted it, oldest first
 * @param content the revealed revision's keys and values; null when not revealed
 */
public record UserSecretView(
    String id,
    String name,
    String description,
    int revision,
    String created,
    String updated,
    List<Revision> revisions,
    List<String> grantedTo,
    Map<String, String> content) {

  /** One kept revision; {@code expires} null when it does not expire. */
  public record Revision(int revision, String created, String expires) {}

  public UserSecretView {
    revisions = List.copyOf(revisions);
    grantedTo = List.copyOf(grantedTo);
    content = content == null ? null : Map.copyOf(content);
  }

  @Override
  public String toString() {
    return "UserSecretView[" + id + ", " + name + (content == null ? "" : ", revealed") + "]";
  }

  /**
   * {@code secret} as a view; {@code reveal} the revision whose content it holds (null: none).
   * {@code opener} opens sealed content.
   */
  public static UserSecretView of(
      SecretsState.Secret secret,
      SecretsState.Revision reveal,
      Function<SealedContent, Map<String, String>> opener) {
    return new UserSecretView(
        secret.id(),
        secret.label(),
        secret.description(),
        secret.latestRevision(),
        time(secret.created()),
        time(secret.updated()),
        secret.revisions().stream()
            .map(r -> new Revision(r.revision(), time(r.created()), time(r.expiry())))
            .toList(),
        secret.grants().stream().flatMap(g -> g.application().stream()).toList(),
        reveal == null ? null : opener.apply(reveal.content()));
  }

  private static String time(Instant at) {
    return at == null ? null : at.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
