package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A model of two ops charms related over pgsql, as {@link ModelRelationsIT} and {@link
 * ModelSecretsIT} run it: {@code db} provides the endpoint {@code db}, {@code web} requires it (one
 * database at most), each packed as charmcraft packs it ({@link VendoredOps#recordingCharm}) with a
 * recorder module through which every unit appends what it saw to {@code <logs>/<unit>.jsonl}
 * ({@link UnitRecords}), the directory the test passes as the charms' {@code log-dir} option. The
 * test writes the bundle and rewrites it as an editor saves a file: a whole new file moved over the
 * old one, so the operator never reads half of it.
 */
final class PgsqlModel {

  /** One of the two charms: its metadata's summary, its config.yaml, its {@code src/charm.py}. */
  record Charm(String summary, String config, String charmPy) {}

  /**
   * What the tests' recorders end with: {@code append(charm, entry)} adds the entry as one JSON
   * line to {@code <log-dir>/<unit>.jsonl}, the file {@link UnitRecords} reads ({@code json} and
   * {@code os} are imported for them).
   */
  private static final String APPEND =
      """
      def append(charm, entry):
          with open(os.path.join(charm.config["log-dir"], charm.unit.name.replace("/", "-") + ".jsonl"), "a") as log:
              log.write(json.dumps(entry) + "\\n")
      """;

  private final Operators operators;
  private final Path bundle;

  /** The packed charms, as the bundle names them ({@code ./db.charm}, {@code ./web.charm}). */
  final Path db;

  final Path web;

  /** Where the units record what they saw. */
  final Path logs;

  private PgsqlModel(Operators operators, Path db, Path web, Path logs) {
    this.operators = operators;
    this.bundle = operators.tmp().resolve("bundle.yaml");
    this.db = db;
    this.web = web;
    this.logs = logs;
  }

  /**
   * Packs both charms beside the bundle, each with {@code recorder} as {@code src/recorder.py}: it
   * records through {@code append(charm, entry)}.
   */
  static PgsqlModel pack(Operators operators, String recorder, Charm db, Charm web)
      throws IOException, InterruptedException {
    Path tmp = operators.tmp();
    String module = "import json\nimport os\n\n" + recorder + "\n\n" + APPEND;
    String provider =
        """
        name: db
        summary: %s
        description: Provides the pgsql interface.
        provides:
          db:
            interface: pgsql
        """
            .formatted(db.summary());
    String requirer =
        """
        name: web
        summary: %s
        description: Requires the pgsql interface.
        requires:
          db:
            interface: pgsql
            limit: 1
        """
            .formatted(web.summary());
    PgsqlModel model =
        new PgsqlModel(
            operators,
            VendoredOps.recordingCharm(
                tmp.resolve("db.charm"), db.charmPy(), provider, db.config(), module),
            VendoredOps.recordingCharm(
                tmp.resolve("web.charm"), web.charmPy(), requirer, web.config(), module),
            Files.createDirectories(tmp.resolve("seen")));
    assertThat(model.db).exists();
    assertThat(model.web).exists();
    return model;
  }

  /** Writes the bundle (a whole new file moved over the old one). */
  void write(String text) throws IOException {
    Path next = bundle.resolveSibling("bundle.yaml.next");
    Files.writeString(next, text);
    Files.move(next, bundle, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Writes the bundle and starts an operator on it ({@link #start()}). */
  OperatorProcess start(String bundle) throws IOException {
    write(bundle);
    return start();
  }

  /** Starts an operator on the bundle, with the Python ops charms need. */
  OperatorProcess start() {
    return operators.startWithEnvironment(
        List.of("--bundle", bundle.toString()), VendoredOps.environment());
  }
}
