package io.caasoperator.app.juju;

import io.caasoperator.domain.ConfigOption;
import java.nio.file.Path;
import java.util.Map;

/** What {@code deploy} and {@code config} need to know of a local charm before the model has it. */
public interface Charms {

  /**
   * The charm at {@code path} (a directory or a {@code .charm} archive), loaded as the operator
   * would load it.
   *
   * @throws JujuFailure when it is not a charm, in Juju's words
   */
  Facts inspect(Path path);

  /**
   * @param name the charm's name ({@code metadata.yaml} or {@code charmcraft.yaml})
   * @param options its config options ({@code config.yaml})
   */
  record Facts(String name, Map<String, ConfigOption> options) {
    public Facts {
      options = Map.copyOf(options);
    }
  }
}
