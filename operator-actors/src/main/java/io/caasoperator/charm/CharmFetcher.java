package io.caasoperator.charm;

import io.caasoperator.domain.CharmRef;
import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;

/**
 * Finds a charm reference's source and downloads http(s) archives into {@code
 * charms/downloads/<random>.part}. The caller deletes the download once unpacked; a crash leaves a
 * {@code .part} file that {@link CharmStore#removePartialDownloads} cleans up.
 */
final class CharmFetcher {
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  /** Until the response headers arrive; the body then streams at whatever pace the server keeps. */
  private static final Duration RESPONSE_TIMEOUT = Duration.ofMinutes(2);

  private final Path downloadsDir;
  private final long maxDownloadBytes;

  /**
   * @param downloadsDir where partial downloads go, on the same file system as the charms
   * @param limits a download larger than the unpack limit plus room for per-entry zip headers
   *     cannot unpack anyway, so it is cut off instead of filling the disk
   */
  CharmFetcher(Path downloadsDir, UnpackLimits limits) {
    this.downloadsDir = downloadsDir;
    this.maxDownloadBytes = limits.maxUnpackedBytes() + 1024L * limits.maxEntries();
  }

  CharmSource locate(CharmRef ref) throws CharmException {
    String url = ref.url();
    String lower = url.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      if (ref.sha256() == null) {
        throw new CharmException(
            url, "sha256 is required for a charm downloaded over http(s)", false);
      }
      try {
        return new CharmSource.RemoteArchive(new URI(url));
      } catch (URISyntaxException e) {
        throw new CharmException(url, "invalid URL: " + e.getMessage(), false, e);
      }
    }
    Path path;
    if (lower.startsWith("file:")) {
      try {
        path = Path.of(new URI(url));
      } catch (URISyntaxException | IllegalArgumentException e) {
        throw new CharmException(
            url, "invalid file: URL (expected file:///absolute/path): " + e.getMessage(), false, e);
      }
    } else {
      try {
        // Relative to the process's working directory, as a user typing the path expects.
        path = Path.of(url).toAbsolutePath().normalize();
      } catch (InvalidPathException e) {
        throw new CharmException(url, "invalid path: " + e.getReason(), false, e);
      }
    }
    if (Files.isDirectory(path)) {
      try {
        // The real path, so a charm directory reached through a symlink is walked, not skipped.
        return new CharmSource.LocalDirectory(path.toRealPath());
      } catch (IOException e) {
        throw new CharmException(url, IoProblems.describe(e), true, e);
      }
    }
    if (Files.isRegularFile(path)) return new CharmSource.LocalArchive(path);
    if (url.matches("^[A-Za-z][A-Za-z0-9+.-]+:.*")) {
      // "ch:mariadb", "ftp://...": a scheme we cannot fetch, not a missing local file.
      throw new CharmException(
          url, "unsupported url scheme (expected a local path, file:, http: or https:)", false);
    }
    throw new CharmException(url, "no such file or directory", false);
  }

  /**
   * Downloads into a new {@code .part} file and returns it. 5xx, 408, 429 and network failures are
   * retryable; other statuses mean the url is wrong and waiting will not fix it.
   */
  Path download(String charm, URI uri) throws CharmException {
    Path part = downloadsDir.resolve(UUID.randomUUID() + ".part");
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(RESPONSE_TIMEOUT).GET().build();
    try (HttpClient client =
        HttpClient.newBuilder()
            .connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build()) {
      Files.createDirectories(downloadsDir);
      HttpResponse<InputStream> response =
          client.send(request, HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = response.body()) {
        int status = response.statusCode();
        if (status != 200) {
          boolean retryable = status >= 500 || status == 408 || status == 429;
          throw new CharmException(charm, "HTTP " + status + " from server", retryable);
        }
        save(charm, body, part);
      }
      return part;
    } catch (CharmException e) {
      RecursiveDelete.quietly(part);
      throw e;
    } catch (ConnectException e) {
      RecursiveDelete.quietly(part);
      throw new CharmException(
          charm, "cannot connect to " + uri.getAuthority() + ": " + connectProblem(e), true, e);
    } catch (HttpTimeoutException e) {
      RecursiveDelete.quietly(part);
      throw new CharmException(charm, "download timed out: " + IoProblems.describe(e), true, e);
    } catch (IOException e) {
      RecursiveDelete.quietly(part);
      throw new CharmException(charm, "download failed: " + IoProblems.describe(e), true, e);
    } catch (InterruptedException e) {
      RecursiveDelete.quietly(part);
      Thread.currentThread().interrupt();
      throw new CharmException(charm, "download interrupted", true, e);
    }
  }

  /**
   * java.net.http hides the reason in the cause chain; an unresolvable host has no message at all.
   */
  private static String connectProblem(ConnectException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException)
        return "unknown host";
      if (t.getMessage() != null && !t.getMessage().isBlank())
        return t.getMessage().toLowerCase(Locale.ROOT);
    }
    return "connection refused";
  }

  private void save(String charm, InputStream body, Path part) throws IOException, CharmException {
    long total = 0;
    try (OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE_NEW)) {
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = body.read(buffer)) > 0; ) {
        total += n;
        if (total > maxDownloadBytes) {
          throw new CharmException(
              charm, "download is larger than " + maxDownloadBytes + " bytes", false);
        }
        out.write(buffer, 0, n);
      }
    }
  }
}
