package io.caasoperator.app;

import com.typesafe.config.Config;
import io.caasoperator.charm.CharmException;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.ConfigSettings;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.files.RecursiveDelete;
import io.caasoperator.substrate.local.SpecFile;
import io.caasoperator.substrate.local.SpecReading;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code validate} finds: everything {@code run} would refuse, and what the operator would
 * otherwise find only once running, collected at once without starting anything. Each check is the
 * one {@code run} and the operator make, not a copy: the flags and settings through {@link
 * RunOptions#configure}, the specification through {@link SpecFile}, the charm through {@link
 * CharmStore#deploy} (fetched, its sha256 checked, unpacked and loaded, into a scratch directory
 * that is deleted afterwards) and the config through {@link ConfigSettings#problems}.
 *
 * @param problems every problem found, in the order of the checks; empty when {@code run} would
 *     start
 * @param checked what was checked and found good, for people reading the verdict
 */
record Validation(List<String> problems, List<String> checked) {

  Validation {
    problems = List.copyOf(problems);
    checked = List.copyOf(checked);
  }

  boolean valid() {
    return problems.isEmpty();
  }

  static Validation of(RunOptions options, Config settings, Map<String, String> env) {
    List<String> problems = new ArrayList<>();
    List<String> checked = new ArrayList<>();
    try {
      options.configure(settings, env);
      checked.add("flags and settings");
    } catch (InvalidConfiguration e) {
      problems.addAll(e.problems());
    }
    if (options.substrate == Substrate.kubernetes) {
      checked.add(
          "(the Application resource is checked when the operator reads it: validate does not connect to the cluster)");
      return new Validation(problems, checked);
    }
    if (options.spec == null || !Files.isRegularFile(options.spec))
      return new Validation(problems, checked);
    // configure() read the same file for its application name and listed its problems already;
    // the charm and config are checked whatever else in the file is wrong.
    SpecReading reading = SpecFile.examine(options.spec);
    reading
        .spec()
        .ifPresent(
            spec ->
                checked.add(
                    "specification "
                        + options.spec
                        + ": application "
                        + spec.specification().application().value()
                        + ", "
                        + spec.scale()
                        + " unit(s)"));
    reading.charm().ifPresent(charm -> charm(charm, reading.config(), problems, checked));
    return new Validation(problems, checked);
  }

  /**
   * The charm as the operator would deploy it, then the specification's config against its options.
   */
  private static void charm(
      CharmRef ref, Map<String, Object> config, List<String> problems, List<String> checked) {
    Path scratch;
    try {
      scratch = Files.createTempDirectory("caas-validate-");
    } catch (IOException e) {
      problems.add("cannot check the charm: no scratch directory: " + e.getMessage());
      return;
    }
    try {
      DeployedCharm charm = new CharmStore(scratch, UnpackLimits.DEFAULT).deploy(ref);
      checked.add("charm " + charm.info().name() + " (sha256 " + charm.info().sha256() + ")");
      List<String> misfits = ConfigSettings.problems(charm.info().options(), config);
      problems.addAll(misfits);
      if (misfits.isEmpty()) {
        checked.add(
            "config: "
                + config.size()
                + " setting(s) of the charm's "
                + charm.info().options().size()
                + " option(s)");
      }
    } catch (CharmException e) {
      problems.add(e.getMessage());
    } finally {
      RecursiveDelete.quietly(scratch);
    }
  }
}
