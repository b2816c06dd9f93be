package io.caasoperator.it;

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

  /** Packs both charms beside the bundle, each with {@code recorder} as {@code src/recorder.py}. */
  static PgsqlModel pack(Operators operators, String recorder, Charm db, Charm web)
      throws IOException, InterruptedException {
    Path tmp = operators.tmp();
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
    return new PgsqlModel(
        operators,
        VendoredOps.recordingCharm(
            tmp.resolve("db.charm"), db.charmPy(), provider, db.config(), recorder),
        VendoredOps.recordingCharm(
            tmp.resolve("web.charm"), web.charmPy(), requirer, web.config(), recorder),
        Files.createDirectories(tmp.resolve("seen")));
  }

  /** Writes the bundle (a whole new file moved over the old one). */
  void write(String text) throws IOException {
    Path next = bundle.resolveSibling("bundle.yaml.next");
    Files.writeString(next, text);
    Files.move(next, bundle, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Starts an operator on the bundle, with the Python ops charms need. */
  OperatorProcess start() {
    return operators.startWithEnvironment(
        List.of("--bundle", bundle.toString()), VendoredOps.environment());
  }
}
