package io.caasoperator.app.juju;

import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.model.ModelName;

/**
 * The names Juju's output has that this machine answers with one value: the controller, the cloud,
 * the user, the agent version. Charm tests read some of them ({@code show-model}'s {@code
 * controller-name}, {@code status}'s {@code model.version}) and compare none with anything of their
 * own.
 */
public final class JujuDefaults {
  private JujuDefaults() {}

  /** The one controller: this machine. */
  public static final String CONTROLLER = "local";

  /** The one cloud and region: this machine's local substrate. */
  public static final String CLOUD = "local";

  public static final String REGION = "localhost";

  /** The one user; Juju's bootstrap user. */
  public static final String USER = "admin";

  /** The Juju version hooks see ({@code JUJU_VERSION}) and status shows. */
  public static final String VERSION = HookEnvironment.DEFAULT_JUJU_VERSION;

  /** A model as Juju's messages name it: {@code admin/foo}. */
  static String qualified(ModelName name) {
    return USER + "/" + name.value();
  }
}
