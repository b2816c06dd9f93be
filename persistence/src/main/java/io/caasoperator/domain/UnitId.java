package io.caasoperator.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** One unit of an application: {@code mariadb/0}; its tag is {@code unit-mariadb-0}. */
public record UnitId(ApplicationName application, int ordinal) implements Comparable<UnitId> {

  public UnitId {
    if (application == null) throw new IllegalArgumentException("unit needs an application");
    if (ordinal < 0)
      throw new IllegalArgumentException("unit ordinal must be >= 0, got " + ordinal);
  }

  public static UnitId of(String application, int ordinal) {
    return new UnitId(new ApplicationName(application), ordinal);
  }

  /** Parses {@code app/n}; throws IllegalArgumentException naming the problem. */
  @JsonCreator
  public static UnitId parse(String name) {
    int slash = name == null ? -1 : name.lastIndexOf('/');
    if (slash <= 0 || slash == name.length() - 1) {
      throw new IllegalArgumentException(
          "invalid unit name \"" + name + "\": expected <application>/<number>");
    }
    String number = name.substring(slash + 1);
    if (!number.chars().allMatch(Character::isDigit) || number.length() > 9) {
      throw new IllegalArgumentException(
          "invalid unit name \"" + name + "\": \"" + number + "\" is not a unit number");
    }
    return new UnitId(new ApplicationName(name.substring(0, slash)), Integer.parseInt(number));
  }

  @JsonValue
  public String name() {
    return application.value() + "/" + ordinal;
  }

  public String tag() {
    return "unit-" + application.value() + "-" + ordinal;
  }

  @Override
  public int compareTo(UnitId other) {
    int byApp = application.value().compareTo(other.application.value());
    return byApp != 0 ? byApp : Integer.compare(ordinal, other.ordinal);
  }

  @Override
  public String toString() {
    return name();
  }
}
