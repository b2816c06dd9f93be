package io.caasoperator.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.http.ListenerFile;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.setup.DataDirException;
import io.caasoperator.http.tls.ListenerTls;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatorEndpointTest {

  @TempDir Path dataDir;

  @Test
  void noListenerFileMeansNoOperatorIsRunning() {
    assertThatThrownBy(() -> OperatorEndpoint.discover(dataDir))
        .isInstanceOf(DataDirException.class)
        .hasMessage(
            "no operator is running for data dir "
                + dataDir
                + ": "
                + dataDir.resolve("listener")
                + " is missing");
  }

  @Test
  void discoveryReadsTheUrlTheCertificateAndTheToken() {
    ListenerTls.inDirectory(dataDir.resolve("tls"), "127.0.0.1");
    AdminToken token = AdminToken.loadOrCreate(dataDir);
    ListenerFile.in(dataDir).write(URI.create("https://127.0.0.1:30666"));

    OperatorEndpoint endpoint = OperatorClient.discover(dataDir);

    assertThat(endpoint.url()).hasToString("https://127.0.0.1:30666");
    assertThat(endpoint.caFile()).contains(dataDir.resolve("tls/listener.crt"));
    assertThat(endpoint.bearerToken()).contains(token.value());
    assertThat(endpoint.toString()).doesNotContain(token.value());
  }

  @Test
  void missingTokenIsNamed() {
    ListenerFile.in(dataDir).write(URI.create("http://127.0.0.1:30666"));

    assertThatThrownBy(() -> OperatorEndpoint.discover(dataDir))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining(dataDir.resolve("admin-token") + " is missing");
  }

  @Test
  void listenerFileWithoutAUrlIsNamed() throws Exception {
    Files.writeString(dataDir.resolve("listener"), "not a url\n");

    assertThatThrownBy(() -> OperatorEndpoint.discover(dataDir))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining(dataDir.resolve("listener").toString());
  }
}
