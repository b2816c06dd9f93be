package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.app.datadir.DataDirLock;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.nio.file.Path;
import java.security.cert.CertPathBuilderException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request that did not reach the operator, said in one line with what to do, and its exit code.
 */
class OperatorUnreachableTest {
  private static final URI URL = URI.create("https://127.0.0.1:30666");

  @TempDir Path dataDir;

  @Test
  void aRefusedConnectionOnADataDirNoOneHoldsIsAnOperatorThatIsNotRunning() {
    OperatorUnreachable why = OperatorUnreachable.of(new ConnectException(), URL, dataDir, true);

    assertThat(why.kind()).isEqualTo(OperatorUnreachable.Kind.NOT_RUNNING);
    assertThat(why.getMessage())
        .contains("no operator is running on data dir " + dataDir, "did not stop cleanly")
        .doesNotContain("null");
    assertThat(why.exitCode(ExitCodes.Own.STANDARD)).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(why.exitCode(ExitCodes.Own.EXEC)).isEqualTo(ExitCodes.UNREACHABLE);
  }

  @Test
  void aRefusedConnectionWhileTheDataDirIsHeldOrByUrlIsNoAnswer() throws Exception {
    try (DataDirLock held = DataDirLock.acquire(dataDir, "test")) {
      assertThat(OperatorUnreachable.of(new ConnectException(), URL, dataDir, true).getMessage())
          .isEqualTo("cannot reach the operator at " + URL + ": connection refused");
    }
    assertThat(OperatorUnreachable.of(new ConnectException(), URL, null, false).getMessage())
        .isEqualTo(
            "cannot reach the operator at "
                + URL
                + ": connection refused (is it running, and is --url its listener?)");
    assertThat(
            OperatorUnreachable.of(
                    new HttpConnectTimeoutException("HTTP connect timed out"), URL, null, false)
                .getMessage())
        .isEqualTo("the operator at " + URL + " did not answer in time");
  }

  @Test
  void aCertificateNotTrustedAsksForCaFileAndIsTheCallersToFix() {
    IOException pkix =
        new SSLHandshakeException(
            "PKIX path building failed: unable to find valid certification path");
    pkix.initCause(
        new CertPathBuilderException(
            "unable to find valid certification path to requested target"));

    OperatorUnreachable why = OperatorUnreachable.of(pkix, URL, null, false);

    assertThat(why.kind()).isEqualTo(OperatorUnreachable.Kind.NOT_TRUSTED);
    assertThat(why.getMessage())
        .contains("give --ca-file FILE (tls/listener.crt in the operator's data dir)")
        .doesNotContain("PKIX");
    assertThat(why.exitCode(ExitCodes.Own.STANDARD)).isEqualTo(ExitCodes.USAGE);
    assertThat(why.exitCode(ExitCodes.Own.EXEC)).isEqualTo(ExitCodes.EXEC_FAILED);
    assertThat(OperatorUnreachable.of(pkix, URL, null, true).getMessage())
        .contains("that --ca-file does not hold");
  }

  @Test
  void aDataDirWithoutAListenerIsNotRunningOrStarting() throws Exception {
    assertThat(OperatorUnreachable.noListener(dataDir.resolve("missing")).getMessage())
        .endsWith("there is no such directory");
    assertThat(OperatorUnreachable.noListener(dataDir).kind())
        .isEqualTo(OperatorUnreachable.Kind.NOT_RUNNING);
    try (DataDirLock held = DataDirLock.acquire(dataDir, "test")) {
      assertThat(OperatorUnreachable.noListener(dataDir).getMessage())
          .contains("is starting and not listening yet");
    }
  }
}
