package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretOwner;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A secret of another owner in this model, as a consumer unit may see it once it is granted: who
 * owns it, its latest revision, who may read it, and a way to open one revision's content. It holds
 * no content itself: {@link #content} opens a revision with the owner's cipher when a tool asks,
 * inside this process, and the clear text goes straight to the hook's output (never to a log or a
 * journal). Owner-agnostic: an application's secret ({@link Secrets#offered}) or, later, a secret
 * the model's user owns ({@code juju add-secret}) both arrive as this record.
 *
 * @param id the secret's id
 * @param owner the owner, as the journal of the owner's side records it
 * @param application the application whose relations its {@link Access.OverRelation} grants name
 *     (the owning application; for a user secret, empty)
 * @param latestRevision the newest revision
 * @param latestCreated when the newest revision was made (when {@code secret-changed} fell due)
 * @param access who may read it
 * @param content opens a revision's content; empty when that revision is gone
 */
public record ForeignSecret(
    String id,
    SecretOwner owner,
    String application,
    int latestRevision,
    Instant latestCreated,
    List<Access> access,
    IntFunction<Optional<Map<String, String>>> content) {

  public ForeignSecret {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(latestCreated, "latestCreated");
    access = List.copyOf(access);
    Objects.requireNonNull(content, "content");
  }

  /** Who may read a secret that is not theirs. */
  public sealed interface Access {
    /**
     * {@code secret-grant -r <relation> [--unit U]}: the application at the other end of relation
     * {@code relationId}, or only its unit {@code unit} (empty: every unit).
     */
    record OverRelation(long relationId, String unit) implements Access {
      public OverRelation {
        unit = unit == null ? "" : unit;
      }
    }

    /** {@code juju grant-secret <secret> <application>}: every unit of {@code application}. */
    record ToApplication(String application) implements Access {
      public ToApplication {
        Objects.requireNonNull(application, "application");
      }
    }
  }

  /** Never content: this record's text may end up in a log line. */
  @Override
  public String toString() {
    return "ForeignSecret[" + id + ", owner=" + owner + ", revision=" + latestRevision + "]";
  }
}
