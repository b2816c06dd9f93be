package io.caasoperator.testing;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;

/**
 * An H2 journal read where it rests: for tests that look for what must not be stored in clear, the
 * bytes of its file once the actors that wrote it stopped and the database closed.
 */
public final class H2JournalFile {
  private H2JournalFile() {}

  /** What a test does with actors journaling in the file. */
  @FunctionalInterface
  public interface Writes {
    void run(ActorTestKit kit) throws Exception;
  }

  /**
   * Runs {@code writes} in a test kit journaling to H2 in {@code data} (created), shuts the kit
   * down and returns the bytes of the journal's files, one char per byte (ISO-8859-1), so any
   * string stored in clear is found by {@code contains}.
   */
  public static String bytesAfter(Path data, Writes writes) throws Exception {
    Files.createDirectories(data);
    ActorTestKit kit =
        ActorTestKit.create(JournalSettings.h2(data).toConfig().withFallback(ConfigFactory.load()));
    try {
      JournalSchema.createIfMissing(kit.system(), Duration.ofSeconds(60));
      writes.run(kit);
    } finally {
      kit.shutdownTestKit(); // the database closes: everything it holds is in the file
    }
    ByteArrayOutputStream stored = new ByteArrayOutputStream();
    try (Stream<Path> files = Files.list(data)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".mv.db")).toList())
        stored.write(Files.readAllBytes(file));
    }
    return new String(stored.toByteArray(), StandardCharsets.ISO_8859_1);
  }
}
