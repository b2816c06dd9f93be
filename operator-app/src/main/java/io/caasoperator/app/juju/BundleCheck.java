package io.caasoperator.app.juju;

import java.nio.file.Path;
import java.util.List;

/**
 * Every problem of a bundle file as {@code caas-operator validate --bundle} finds them (charms
 * loaded, options typed, relation endpoints matched as {@code juju integrate} matches them): what
 * an edit is checked against before it replaces the model's bundle. Each problem starts with {@code
 * FILE:LINE: }.
 */
@FunctionalInterface
public interface BundleCheck {
  List<String> problems(Path bundle);
}
