package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretOwner;
import java.util.Objects;

/**
 * A change a hook asked for with a secret tool, pending until the hook completes (Juju's {@code
 * secretChanges}, flushed by {@code HookContext.Flush} only when the hook succeeded). It holds
 * content in clear, in memory only: it is never journaled (the store seals it into a {@code
 * SecretEvent}) and its {@code toString} never shows content.
 */
public sealed interface SecretChange {

  String id();

  /** {@code secret-add}: a new secret of {@code owner} with these settings and content. */
  record Added(String id, SecretOwner owner, SecretSettings settings) implements SecretChange {
    public Added {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(settings.content(), "content");
    }

    @Override
    public String toString() {
      return "Added[" + id + ", owner=" + owner + ", " + settings + "]";
    }
  }

  /**
   * {@code secret-set}: null settings stay as they are; content (when not null) is a new revision.
   */
  record Updated(String id, SecretSettings settings) implements SecretChange {
    public Updated {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(settings, "settings");
    }

    @Override
    public String toString() {
      return "Updated[" + id + ", " + settings + "]";
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

  /**
   * A {@code secret-get} of another owner's secret by this unit: it tracks {@code revision} now,
   * under {@code label} (empty: the label it had). Committed to this application's secret journal,
   * never the owner's.
   */
  record Consumed(String id, String unit, int revision, String label) implements SecretChange {
    public Consumed {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(unit, "unit");
      label = label == null ? "" : label;
    }
  }
}
