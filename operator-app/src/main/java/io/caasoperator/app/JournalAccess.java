package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.app.datadir.DataDirInUse;
import io.caasoperator.app.datadir.DataDirLock;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.operator.ReplayedStatus;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalFilter;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.Replay;
import io.caasoperator.persistence.timeline.ReplayPoint;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.pekko.stream.javadsl.Sink;

/**
 * Where {@code journal} and {@code replay} read: a running operator over HTTP ({@code --url}), or a
 * journal directly, offline ({@code --journal postgresql://...}). With {@code --data-dir} (or
 * {@code --app}'s default data directory) it depends on whether an operator runs there: if one
 * holds the data directory's lock, through that operator's listener (its URL, certificate and admin
 * token are in the data directory); otherwise the H2 file itself, holding the lock while it reads
 * so that no operator starts on the journal meanwhile. Both give the same JSON: {@code
 * JournalEntry} lines and {@code ReplayedStatus}.
 */
sealed interface JournalAccess extends AutoCloseable {

  /**
   * Passes each matching entry's JSON to {@code out}, in global order; with follow, blocks until
   * interrupted. {@code progress} hears of the read and of each entry delivered.
   */
  void entries(JournalFilter filter, boolean follow, Progress progress, Consumer<JsonNode> out)
      throws Exception;

  /**
   * The replayed state at {@code at} (null: latest) as ReplayedStatus JSON; {@code progress} hears
   * of the read and the replay.
   */
  JsonNode state(String at, Progress progress) throws Exception;

  @Override
  void close();

  /**
   * Throws IllegalArgumentException with a sentence for people when no journal can be found.
   *
   * @param postgres a PostgreSQL journal to open directly ({@code --journal}); null for the others
   */
  static JournalAccess open(OperatorConnection connection, JournalSettings postgres)
      throws OperatorUnreachable {
    if (postgres != null) {
      return Offline.of(JournalReader.open(postgres), connection.app, () -> {});
    }
    if (connection.url != null) return new Remote(connection.target(), connection.app);
    Path dir = connection.dataDirectory();
    if (dir == null)
      throw new IllegalArgumentException(
          "which journal? give --data-dir DIR, --app NAME, --journal URL or --url URL");
    // Opening a missing H2 file would create an empty journal: refuse instead.
    if (!Files.isRegularFile(dir.resolve("journal.mv.db"))) {
      throw new IllegalArgumentException(
          "no journal in " + dir + " (expected " + dir.resolve("journal.mv.db") + ")");
    }
    DataDirLock lock;
    try {
      lock = DataDirLock.acquire(dir, "caas-operator journal, reading");
    } catch (DataDirInUse inUse) {
      // an operator runs on it: ask it
      try {
        return new Remote(connection.target(), connection.app);
      } catch (OperatorUnreachable noListener) {
        throw new OperatorUnreachable(
            noListener.kind(),
            inUse.getMessage() + " (it has no listener yet: try again in a moment)");
      }
    }
    try {
      return Offline.of(JournalReader.open(JournalSettings.h2(dir)), connection.app, lock::close);
    } catch (RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /** Through a running operator's listener. */
  /**
   * @param application the application asked about ({@code --app}); a model's operator needs it (or
   *     a unit), a single application's ignores it; null when not given
   */
  record Remote(OperatorConnection.Target target, OperatorClient client, String application)
      implements JournalAccess {
    Remote(OperatorConnection.Target target, String application) {
      this(target, target.client(), application);
    }

    @Override
    public void entries(
        JournalFilter filter, boolean follow, Progress progress, Consumer<JsonNode> out)
        throws Exception {
      List<String> query = new ArrayList<>();
      if (application != null) query.add("application=" + encode(application));
      if (filter.unit() != null) query.add("unit=" + encode(filter.unit().name()));
      if (!filter.types().isEmpty()) query.add("type=" + encode(String.join(",", filter.types())));
      if (filter.since() != null) query.add("since=" + encode(filter.since().toString()));
      if (filter.until() != null) query.add("until=" + encode(filter.until().toString()));
      if (filter.relation() != null) query.add("relation=" + filter.relation());
      if (follow) query.add("follow=true");
      HttpResponse<Stream<String>> response =
          client.getLines("/v1/journal" + (query.isEmpty() ? "" : "?" + String.join("&", query)));
      ObjectMapper json = JournalJson.mapper();
      try (Stream<String> lines = response.body()) {
        if (response.statusCode() != 200) {
          throw new IllegalStateException(
              response.statusCode() + " " + lines.reduce("", String::concat));
        }
        for (var it = lines.iterator(); it.hasNext(); ) {
          String line = it.next();
          if (line.isBlank()) continue;
          out.accept(json.readTree(line));
          progress.advance(1);
        }
      }
    }

    @Override
    public JsonNode state(String at, Progress progress) throws Exception {
      // the operator replays; nothing to count here but the wait
      progress.waiting();
      HttpResponse<String> response =
          client.get(
              "/v1/journal/state"
                  + (at == null ? "?" : "?at=" + encode(at) + "&")
                  + (application == null ? "" : "application=" + encode(application)));
      if (response.statusCode() != 200) throw new IllegalStateException(Cli.errorOf(response));
      return JournalJson.mapper().readTree(response.body());
    }

    @Override
    public void close() {
      client.close();
    }

    private static String encode(String value) {
      return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
  }

  /** {@code release} runs after the reader closed (the data directory's lock). */
  record Offline(JournalReader reader, String application, Runnable release)
      implements JournalAccess {
    static Offline of(JournalReader reader, String app, Runnable release) {
      try {
        return new Offline(reader, app != null ? app : reader.onlyApplication(), release);
      } catch (RuntimeException e) {
        reader.close();
        throw new IllegalArgumentException(e.getMessage(), e);
      }
    }

    @Override
    public void entries(
        JournalFilter filter, boolean follow, Progress progress, Consumer<JsonNode> out)
        throws Exception {
      ObjectMapper json = JournalJson.mapper();
      if (!follow) {
        List<JournalEntry> entries = readAll(progress);
        for (JournalEntry entry : entries) {
          if (filter.matches(entry)) out.accept(json.valueToTree(entry));
          progress.advance(1);
        }
        return;
      }
      reader
          .events(application, 0, true)
          .filter(filter::matches)
          .runWith(Sink.foreach(entry -> out.accept(json.valueToTree(entry))), reader.system())
          .toCompletableFuture()
          .get();
    }

    @Override
    public JsonNode state(String at, Progress progress) {
      ReplayPoint point = ReplayPoint.parse(at, Clock.systemUTC());
      List<JournalEntry> entries = readAll(progress);
      return JournalJson.mapper()
          .valueToTree(ReplayedStatus.of(Replay.to(point, application, entries, progress::at)));
    }

    /**
     * The whole timeline, read in one go (seconds for 100,000 events): the progress line shows the
     * wait, then the total.
     */
    private List<JournalEntry> readAll(Progress progress) {
      progress.waiting();
      List<JournalEntry> entries = reader.readAll(application);
      progress.stopWaiting();
      progress.total(entries.size());
      return entries;
    }

    @Override
    public void close() {
      try {
        reader.close();
      } finally {
        release.run();
      }
    }
  }
}
