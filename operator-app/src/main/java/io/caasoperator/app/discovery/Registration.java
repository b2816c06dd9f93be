package io.caasoperator.app.discovery;

import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What a running operator tells the CLI about itself, in its file in the {@link OperatorRegistry}:
 * which process it is, which application it operates, where its data directory is and where it
 * listens.
 *
 * @param pid the operator's process id
 * @param started when that process started, as the kernel says; with the pid it tells a live
 *     operator from a process that got the pid of a crashed one (empty where the platform does not
 *     say)
 * @param application the application's name
 * @param dataDir the absolute data directory, whose listener file, admin token and certificate the
 *     CLI reads
 * @param url the listener's URL (for messages that list operators)
 * @param applications a model's applications as its bundle named them at start ({@code application}
 *     is then the model's name); empty for one application
 */
public record Registration(
    long pid,
    Optional<Instant> started,
    String application,
    Path dataDir,
    URI url,
    java.util.List<String> applications) {

  /** One application's operator. */
  public Registration(
      long pid, Optional<Instant> started, String application, Path dataDir, URI url) {
    this(pid, started, application, dataDir, url, java.util.List.of());
  }

  /** Whether this operator runs {@code name}: its application, or one of its model's. */
  public boolean operates(String name) {
    return application.equals(name) || applications.contains(name);
  }

  public Registration {
    applications = java.util.List.copyOf(applications);
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(url, "url");
  }

  /** One line for a list of operators: {@code hello (data dir /tmp/hello, pid 4242)}. */
  public String describe() {
    return application + " (data dir " + dataDir + ", " + url + ", pid " + pid + ")";
  }
}
