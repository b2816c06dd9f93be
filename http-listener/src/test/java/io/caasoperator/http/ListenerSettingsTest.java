package io.caasoperator.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.http.tls.ListenerTls;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ListenerSettingsTest {

  @Test
  void insecureHttpIsRefusedOnAWildcardAddress() {
    assertThatThrownBy(() -> new ListenerSettings("0.0.0.0", 30666, true, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--insecure-http needs a loopback listen address, got 0.0.0.0");
  }

  @Test
  void insecureHttpIsRefusedOnANetworkAddressOrName() {
    assertThatThrownBy(() -> new ListenerSettings("10.0.0.5", 30666, true, Optional.empty()))
        .hasMessageContaining("got 10.0.0.5");
    assertThatThrownBy(
            () -> new ListenerSettings("operator.example", 30666, true, Optional.empty()))
        .hasMessageContaining("got operator.example");
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"})
  void insecureHttpIsAllowedOnLoopback(String host) {
    ListenerSettings settings = new ListenerSettings(host, 0, true, Optional.empty());

    assertThat(settings.scheme()).isEqualTo("http");
    assertThat(settings.maxRequestBytes()).isEqualTo(1024 * 1024);
  }

  @ParameterizedTest
  @ValueSource(ints = {-1, 65536})
  void portOutsideTheTcpRangeIsRefused(int port) {
    assertThatThrownBy(() -> new ListenerSettings("127.0.0.1", port, true, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("between 0 and 65535");
  }

  @Test
  void httpsWithoutACertificateIsRefused() {
    assertThatThrownBy(() -> new ListenerSettings("127.0.0.1", 30666, false, Optional.empty()))
        .hasMessageContaining("HTTPS needs a certificate");
  }

  @Test
  void nonPositiveBodyLimitIsRefused() {
    assertThatThrownBy(() -> new ListenerSettings("127.0.0.1", 0, true, Optional.empty(), 0))
        .hasMessageContaining("maxRequestBytes");
  }

  @Test
  void wildcardBindIsReachedLocallyThroughLoopback(@TempDir Path dataDir) {
    ListenerTls tls = ListenerTls.inDirectory(dataDir.resolve("tls"), "0.0.0.0");
    ListenerSettings wildcard = new ListenerSettings("0.0.0.0", 0, false, Optional.of(tls));

    assertThat(wildcard.localUrl(new InetSocketAddress(4321)))
        .hasToString("https://127.0.0.1:4321");
  }

  @Test
  void loopbackBindIsReachedAtItsOwnAddress() {
    assertThat(
            new ListenerSettings("127.0.0.1", 0, true, Optional.empty())
                .localUrl(new InetSocketAddress("127.0.0.1", 4321)))
        .hasToString("http://127.0.0.1:4321");
    assertThat(
            new ListenerSettings("::1", 0, true, Optional.empty())
                .localUrl(new InetSocketAddress(4321)))
        .hasToString("http://[::1]:4321");
  }
}
