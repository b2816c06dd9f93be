package io.caasoperator.model;

import java.util.regex.Pattern;

/**
 * The name of a model: lower-case letters, digits and hyphens, not starting with a hyphen (Juju's
 * {@code IsValidModelName}, juju/names {@code model.go}).
 */
public record ModelName(String value) {
  private static final Pattern VALID = Pattern.compile("^[a-z0-9]+[a-z0-9-]*$");

  public ModelName {
    if (!isValid(value)) {
      throw new IllegalArgumentException(
          "invalid model name "
              + (value == null ? "(none)" : GoQuoted.of(value))
              + ": use lower-case letters, digits and hyphens, not starting with a hyphen");
    }
  }

  public static boolean isValid(String value) {
    return value != null && VALID.matcher(value).matches();
  }

  @Override
  public String toString() {
    return value;
  }
}
