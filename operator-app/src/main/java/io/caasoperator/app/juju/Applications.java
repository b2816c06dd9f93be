package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;

/** An application named on the command line. */
final class Applications {
  private Applications() {}

  /**
   * @throws JujuFailure for a name no application can have, as Juju says it
   */
  static ApplicationName name(String text) {
    if (!ApplicationName.isValid(text)) {
      throw new JujuFailure("invalid application name " + ModelReference.quoted(text));
    }
    return new ApplicationName(text);
  }
}
