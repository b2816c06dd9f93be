package io.caasoperator.app;

import io.caasoperator.app.datadir.DataDirLock;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;

/**
 * The CLI could not talk to the operator. The message is one line that says why in a user's terms
 * and what to do, never an exception's class or a {@code null}: an operator that is not running
 * (even when a killed one left its listener file behind), one that does not answer, or one whose
 * certificate this client does not trust.
 */
final class OperatorUnreachable extends Exception {

  /**
   * Whether trying again can help ({@link #NOT_RUNNING}, {@link #NO_ANSWER}) or a flag must change.
   */
  enum Kind {
    NOT_RUNNING,
    NO_ANSWER,
    NOT_TRUSTED
  }

  private final Kind kind;

  OperatorUnreachable(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  Kind kind() {
    return kind;
  }

  /**
   * {@link ExitCodes#UNREACHABLE}; a certificate not trusted is the caller's usage error (give
   * --ca-file).
   */
  int exitCode(ExitCodes.Own own) {
    return kind == Kind.NOT_TRUSTED ? own.usage() : ExitCodes.UNREACHABLE;
  }

  /**
   * {@code dataDir} has no listener file: no operator runs there, or one is starting and not bound
   * yet.
   */
  static OperatorUnreachable noListener(Path dataDir) {
    if (!Files.isDirectory(dataDir)) {
      return new OperatorUnreachable(
          Kind.NOT_RUNNING,
          "no operator is running on data dir " + dataDir + ": there is no such directory");
    }
    if (DataDirLock.isHeld(dataDir)) {
      return new OperatorUnreachable(
          Kind.NO_ANSWER,
          "the operator on data dir "
              + dataDir
              + " is starting and not listening yet; try again in a moment");
    }
    return new OperatorUnreachable(
        Kind.NOT_RUNNING,
        "no operator is running on data dir "
            + dataDir
            + "; start it with: caas-operator run --spec FILE --data-dir "
            + dataDir);
  }

  /**
   * Why a request to {@code url} failed.
   *
   * @param dataDir the data directory whose listener file named {@code url}; null for {@code --url}
   * @param caFile whether a certificate to trust was given ({@code --ca-file}, or the data dir's
   *     own)
   */
  static OperatorUnreachable of(IOException failure, URI url, Path dataDir, boolean caFile) {
    if (Causes.find(failure, SSLException.class) != null) return untrusted(failure, url, caFile);
    if (Causes.find(failure, ConnectException.class) != null) {
      if (dataDir != null && !DataDirLock.isHeld(dataDir)) {
        return new OperatorUnreachable(
            Kind.NOT_RUNNING,
            "no operator is running on data dir "
                + dataDir
                + " (its listener file, naming "
                + url
                + ", was left by one that did not stop cleanly);"
                + " start it with: caas-operator run --spec FILE --data-dir "
                + dataDir);
      }
      return new OperatorUnreachable(
          Kind.NO_ANSWER,
          "cannot reach the operator at "
              + url
              + ": connection refused"
              + (dataDir == null ? " (is it running, and is --url its listener?)" : ""));
    }
    if (Causes.find(failure, HttpTimeoutException.class) != null) {
      return new OperatorUnreachable(
          Kind.NO_ANSWER, "the operator at " + url + " did not answer in time");
    }
    if (Causes.find(failure, UnknownHostException.class) != null) {
      return new OperatorUnreachable(
          Kind.NO_ANSWER,
          "cannot reach the operator at " + url + ": unknown host " + url.getHost());
    }
    return new OperatorUnreachable(
        Kind.NO_ANSWER, "cannot reach the operator at " + url + ": " + Causes.describe(failure));
  }

  private static OperatorUnreachable untrusted(IOException failure, URI url, boolean caFile) {
    boolean unknownIssuer =
        Causes.find(failure, CertPathBuilderException.class) != null
            || String.valueOf(failure.getMessage()).contains("PKIX");
    if (unknownIssuer) {
      return new OperatorUnreachable(
          Kind.NOT_TRUSTED,
          caFile
              ? "the operator at "
                  + url
                  + " presents a certificate that --ca-file does not hold; give the"
                  + " certificate of that operator (tls/listener.crt in its data dir)"
              : "the operator at "
                  + url
                  + " presents a certificate this machine does not trust; give"
                  + " --ca-file FILE (tls/listener.crt in the operator's data dir), or --data-dir DIR instead of --url");
    }
    CertificateException name = Causes.find(failure, CertificateException.class);
    if (name != null && String.valueOf(name.getMessage()).contains("subject alternative")) {
      return new OperatorUnreachable(
          Kind.NOT_TRUSTED,
          "the operator's certificate does not name "
              + url.getHost()
              + ": use a host name it names (localhost, 127.0.0.1, its --service-url host)");
    }
    if (!"https".equals(url.getScheme())) {
      return new OperatorUnreachable(
          Kind.NO_ANSWER, "cannot reach the operator at " + url + ": " + Causes.describe(failure));
    }
    return new OperatorUnreachable(
        Kind.NOT_TRUSTED,
        "cannot make a TLS connection to the operator at "
            + url
            + ": "
            + Causes.describe(failure)
            + " (is it serving plain HTTP? then use an http:// --url)");
  }
}
