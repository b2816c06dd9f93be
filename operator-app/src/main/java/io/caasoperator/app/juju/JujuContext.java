package io.caasoperator.app.juju;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a {@code juju} command reaches outside itself, in one record so that a test gives each
 * part and the operator's process can give its own: {@link JujuListener} runs the same commands
 * there for the calls {@code bin/juju}'s shim forwards.
 *
 * @param models the models on disk
 * @param operators starts, stops and finds each model's operator
 * @param charms loads a local charm ({@code deploy}, {@code config})
 * @param check every problem of a bundle, before an edit replaces the model's
 * @param status what a model's running operator reports
 * @param cwd the caller's working directory: relative paths ({@code deploy ./charm}) start there
 * @param env the caller's environment ({@code JUJU_MODEL})
 * @param clock the time status shows and models are added at
 * @param in the caller's standard input (the {@code destroy-model} prompt)
 */
public record JujuContext(
    ModelStore models,
    ModelOperators operators,
    Charms charms,
    BundleCheck check,
    StatusSource status,
    Path cwd,
    Map<String, String> env,
    Clock clock,
    InputStream in,
    PrintWriter out,
    PrintWriter err) {

  public JujuContext {
    Objects.requireNonNull(models, "models");
    Objects.requireNonNull(operators, "operators");
    Objects.requireNonNull(charms, "charms");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(cwd, "cwd");
    env = Map.copyOf(env);
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
  }

  /** A path as the caller wrote it, made absolute against the caller's directory. */
  public Path resolve(String path) {
    return cwd.resolve(path).toAbsolutePath().normalize();
  }
}
