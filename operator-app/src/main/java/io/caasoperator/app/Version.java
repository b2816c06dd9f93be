package io.caasoperator.app;

/** The operator's version, from the jar's manifest (development builds say so). */
public final class Version {
  private Version() {}

  public static String current() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "development" : v;
  }
}
