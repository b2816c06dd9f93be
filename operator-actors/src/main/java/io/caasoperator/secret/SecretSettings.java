package io.caasoperator.secret;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one {@code secret-add} or {@code secret-set} call sets on a secret, each field null when the
 * call did not give it. Content is in clear and its {@code toString} never shows it.
 *
 * @param expiry when the revision the content makes expires
 * @param rotatePolicy {@code never}, {@code hourly}, ... ({@code --rotate})
 * @param nextRotation when {@code rotatePolicy} first asks for a rotation; null for never
 * @param content the new revision's keys and values
 */
public record SecretSettings(
    String label,
    String description,
    Instant expiry,
    String rotatePolicy,
    Instant nextRotation,
    Map<String, String> content) {

  public SecretSettings {
    content = content == null ? null : Collections.unmodifiableMap(new TreeMap<>(content));
  }

  /**
   * These settings made after {@code earlier} in the same hook, as Juju's flush sends them: each
   * field given replaces the earlier one, and the next rotation goes with the rotate policy it was
   * computed from.
   */
  public SecretSettings over(SecretSettings earlier) {
    return new SecretSettings(
        or(label, earlier.label),
        or(description, earlier.description),
        or(expiry, earlier.expiry),
        or(rotatePolicy, earlier.rotatePolicy),
        rotatePolicy != null ? nextRotation : earlier.nextRotation,
        or(content, earlier.content));
  }

  private static <T> T or(T replacement, T current) {
    return replacement != null ? replacement : current;
  }

  @Override
  public String toString() {
    return "label=" + label + ", keys=" + (content == null ? "unchanged" : content.keySet());
  }
}
