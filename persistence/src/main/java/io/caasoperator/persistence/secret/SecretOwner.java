package io.caasoperator.persistence.secret;

import java.util.Objects;

/**
 * Who owns a secret, as Juju's {@code secrets.Owner}: the application (only its leader manages it),
 * one unit, or the model (a user secret, managed with {@code juju add-secret} and granted to
 * applications with {@code juju grant-secret}; Juju's owner tag is then the model's).
 *
 * @param kind {@code application}, {@code unit} ({@code secret-info-get}'s {@code owner}) or {@code
 *     model}
 * @param name the application's name, the unit's ({@code hello/0}), or the model's
 */
public record SecretOwner(Kind kind, String name) {

  public enum Kind {
    APPLICATION("application"),
    UNIT("unit"),
    MODEL("model");

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

  /** The model {@code model}: a user secret's owner. */
  public static SecretOwner model(String model) {
    return new SecretOwner(Kind.MODEL, model);
  }
}
