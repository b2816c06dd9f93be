package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretOwner;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A change a hook asked for with a secret tool, pending until the hook completes (Juju's {@code
 * secretChanges}, flushed by {@code HookContext.Flush} only when the hook succeeded). It holds
 * content in clear, in memory only: it is never journaled (the store seals it into a {@code
 * SecretEvent}) and its {@code toString} never shows content.
 */
public sealed interface SecretChange {

  String id();

  /**
   * {@code secret-add}.
   *
   * @param nextRotation when {@code rotatePolicy} first asks for a rotation; null for never
   */
  record Added(
      String id,
      SecretOwner owner,
      String label,
      String description,
      Instant expiry,
      String rotatePolicy,
      Instant nextRotation,
      Map<String, String> content)
      implements SecretChange {
    public Added {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(owner, "owner");
      content = Collections.unmodifiableMap(new TreeMap<>(content));
    }

    @Override
    public String toString() {
      return "Added["
          + id
          + ", owner="
          + owner
          + ", label="
          + label
          + ", keys="
          + content.keySet()
          + "]";
    }
  }

  /**
   * {@code secret-set}: null fields stay as they are; content (when not null) is a new revision.
   */
  record Updated(
      String id,
      String label,
      String description,
      Instant expiry,
      String rotatePolicy,
      Instant nextRotation,
      Map<String, String> content)
      implements SecretChange {
    public Updated {
      Objects.requireNonNull(id, "id");
      content = content == null ? null : Collections.unmodifiableMap(new TreeMap<>(content));
    }

    @Override
    public String toString() {
      return "Updated["
          + id
          + ", label="
          + label
          + ", keys="
          + (content == null ? "unchanged" : content.keySet())
          + "]";
    }
  }

  /** {@code secret-remove}: one revision, or ({@code revision} null) the whole secret. */
  record Removed(String id, Integer revision) implements SecretChange {
    public Removed {
      Objects.requireNonNull(id, "id");
    }
  }

  /**
   * {@code secret-grant} ({@code granted}) or {@code secret-revoke}: access in the context of
   * {@code relation} ({@code <endpoint>:<id>}) for the related application, or only {@code unit}
   * (empty: the whole application).
   */
  record Access(String id, boolean granted, String relation, String unit) implements SecretChange {
    public Access {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(relation, "relation");
      unit = unit == null ? "" : unit;
    }
  }
}
