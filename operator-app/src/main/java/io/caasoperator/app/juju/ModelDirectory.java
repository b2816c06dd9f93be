package io.caasoperator.app.juju;

import io.caasoperator.model.ModelName;
import java.nio.file.Path;

/**
 * One model on disk, {@code <home>/models/<name>/}: what the model is made of, and where its
 * operator keeps what it knows.
 *
 * <pre>
 * model.properties   the model's uuid, when it was added and its model-config
 * bundle.yaml        the applications and relations: deploy, integrate, config... edit it, the
 *                    model's operator (caas-operator run --bundle) follows it
 * data/              the operator's data directory (journal, charms, units)
 * operator.log       the operator's standard output and error
 * </pre>
 */
public record ModelDirectory(ModelName name, Path root) {

  public Path bundle() {
    return root.resolve("bundle.yaml");
  }

  public Path dataDir() {
    return root.resolve("data");
  }

  public Path info() {
    return root.resolve("model.properties");
  }

  public Path log() {
    return root.resolve("operator.log");
  }
}
