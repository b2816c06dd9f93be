package io.caasoperator.charm;

import static io.caasoperator.charm.CharmFailures.permanent;
import static io.caasoperator.charm.CharmFailures.retryable;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.caasoperator.domain.CharmRef;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Charms downloaded over http from a real local server. */
class HttpCharmTest {
  @TempDir Path tmp;

  private HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();
  private byte[] charm;
  private String sha256;

  @BeforeEach
  void startServer() throws Exception {
    charm = CharmFiles.named("redis").executable("hooks/install", "#!/bin/sh\n").zipBytes();
    sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(charm));
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/redis.charm",
        exchange -> {
          requests.incrementAndGet();
          exchange.sendResponseHeaders(200, charm.length);
          exchange.getResponseBody().write(charm);
          exchange.close();
        });
    server.createContext(
        "/busy.charm",
        exchange -> {
          requests.incrementAndGet();
          exchange.sendResponseHeaders(503, -1);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private CharmStore store() {
    return new CharmStore(tmp.resolve("charms"), UnpackLimits.DEFAULT);
  }

  @Test
  void httpCharmWithMatchingDigestIsDownloadedAndDeployed() throws Exception {
    DeployedCharm deployed = store().deploy(new CharmRef(url("/redis.charm"), sha256, 0, false));

    assertThat(deployed.info().name()).isEqualTo("redis");
    assertThat(deployed.info().sha256()).isEqualTo(sha256);
    assertThat(deployed.dir().resolve("hooks/install")).isExecutable();
    assertThat(tmp.resolve("charms/downloads")).isEmptyDirectory();
  }

  @Test
  void httpCharmAlreadyDeployedIsNotUnpackedAgain() throws Exception {
    CharmStore store = store();
    var ref = new CharmRef(url("/redis.charm"), sha256, 0, false);
    DeployedCharm first = store.deploy(ref);
    Files.writeString(first.dir().resolve("marker"), "proves the directory was not replaced");

    assertThat(store.deploy(ref).dir().resolve("marker")).exists();
  }

  @Test
  void httpCharmWithoutDigestIsRejectedBeforeDownloading() {
    CharmException failure =
        permanent(() -> store().deploy(new CharmRef(url("/redis.charm"), null, 0, false)));
    assertThat(failure.getMessage())
        .isEqualTo(
            "charm "
                + url("/redis.charm")
                + ": sha256 is required for a charm downloaded over http(s)");
    assertThat(requests).hasValue(0);
  }

  @Test
  void httpCharmNotMatchingItsDigestIsRejectedAndNotKept() {
    String wrong = "0".repeat(64);

    CharmException failure =
        permanent(() -> store().deploy(new CharmRef(url("/redis.charm"), wrong, 0, false)));
    assertThat(failure.problem())
        .isEqualTo("sha256 mismatch: expected " + wrong + ", got " + sha256);
    assertThat(tmp.resolve("charms/downloads")).isEmptyDirectory();
    assertThat(tmp.resolve("charms").resolve(sha256)).doesNotExist();
  }

  @Test
  void serverErrorIsRetryable() {
    CharmException failure =
        retryable(() -> store().deploy(new CharmRef(url("/busy.charm"), sha256, 0, false)));
    assertThat(failure.getMessage())
        .isEqualTo("charm " + url("/busy.charm") + ": HTTP 503 from server");
  }

  @Test
  void missingCharmIsNotRetryable() {
    CharmException failure =
        permanent(() -> store().deploy(new CharmRef(url("/nothing.charm"), sha256, 0, false)));
    assertThat(failure.problem()).isEqualTo("HTTP 404 from server");
  }

  @Test
  void refusedConnectionIsRetryable() {
    String url = url("/redis.charm");
    server.stop(0);

    CharmException failure = retryable(() -> store().deploy(new CharmRef(url, sha256, 0, false)));
    assertThat(failure.problem()).startsWith("cannot connect to 127.0.0.1:");
  }
}
