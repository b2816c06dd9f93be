package io.caasoperator.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Pattern;

/** The name of a charmed application, e.g. {@code mariadb}; Juju's naming rule. */
public record ApplicationName(String value) {
  private static final Pattern VALID =
      Pattern.compile("^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$");

  public ApplicationName {
    if (value == null || !VALID.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "invalid application name \""
              + value
              + "\": use lower-case letters, digits and"
              + " single hyphens, starting with a letter and not ending with a hyphen or digit group");
    }
  }

  @JsonCreator
  public static ApplicationName of(String value) {
    return new ApplicationName(value);
  }

  public static boolean isValid(String value) {
    return value != null && VALID.matcher(value).matches();
  }

  @JsonValue
  @Override
  public String value() {
    return value;
  }

  @Override
  public String toString() {
    return value;
  }
}
