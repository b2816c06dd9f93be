package io.caasoperator.persistence.secret;

import java.util.Objects;

/**
 * Who owns a secret, as Juju's {@code secrets.Owner}: the application (only its leader manages it)
 * or one unit.
 *
 * @param kind {@code application} or {@code unit} ({@code secret-info-get}'s {@code owner})
 * @param name the application's name, or the unit's ({@code hello/0})
 */
public record SecretOwner(Kind kind, String name) {

  public enum Kind {
    APPLICATION("application"),
    UNIT("unit");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public SecretOwner {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
  }

  public static SecretOwner application(String application) {
    return new SecretOwner(Kind.APPLICATION, application);
  }

  public static SecretOwner unit(String unit) {
    return new SecretOwner(Kind.UNIT, unit);
  }
}
