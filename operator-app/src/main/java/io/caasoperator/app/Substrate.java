package io.caasoperator.app;

/** {@code run --substrate}: where units live. The constants are the words users type. */
enum Substrate {
  /**
   * This machine: units are directories, hooks local processes, the specification a YAML file
   * ({@code --spec}).
   */
  local,
  /** A cluster: an Application resource ({@code --application}), its pods the units. */
  kubernetes
}
