package io.caasoperator.http.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.http.setup.DataDirException;
import io.caasoperator.http.setup.ListenHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListenerTlsTest {

  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  @TempDir Path dataDir;

  /** The listener's TLS files in {@code dir} for {@code host}, made or kept at the test clock. */
  private static ListenerTls tls(Path dir, String host) {
    return ListenerTls.inDirectory(dir, host, CLOCK, new SecureRandom());
  }

  /** The listener's TLS files in {@code dir} for {@code names}, made or kept at the test clock. */
  private static ListenerTls tls(Path dir, CertificateNames names) {
    return ListenerTls.inDirectory(dir, names, CLOCK, new SecureRandom());
  }

  @Test
  void certificateIsGeneratedOnceThenReusedOnLaterStarts() throws Exception {
    Path tlsDir = dataDir.resolve("tls");

    ListenerTls first = tls(tlsDir, "127.0.0.1");
    ListenerTls second = tls(tlsDir, "127.0.0.1");

    assertThat(second.certificate().getSerialNumber())
        .isEqualTo(first.certificate().getSerialNumber());
    assertThat(second.certificateFile()).isEqualTo(tlsDir.resolve("listener.crt"));
    assertThat(Files.readString(tlsDir.resolve("listener.crt")))
        .startsWith("-----BEGIN CERTIFICATE-----");
    assertThat(second.serverContext().getProtocol()).isEqualTo("TLS");
  }

  @Test
  void generatedKeyIsReadableByTheOwnerOnly() throws Exception {
    tls(dataDir.resolve("tls"), "127.0.0.1");

    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dataDir.resolve("tls/listener.key"))))
        .isEqualTo("rw-------");
    assertThat(dataDir.resolve("tls")).isDirectoryNotContaining("glob:**.tmp");
  }

  @Test
  void generatedCertificateNamesTheListenHostLocalhostAndLoopbackAndIsItsOwnCa() throws Exception {
    X509Certificate ip = tls(dataDir.resolve("a"), "10.1.2.3").certificate();
    X509Certificate dns = tls(dataDir.resolve("b"), "operator.example").certificate();

    assertThat(sans(ip)).containsExactlyInAnyOrder("ip:10.1.2.3", "dns:localhost", "ip:127.0.0.1");
    assertThat(sans(dns))
        .containsExactlyInAnyOrder("dns:operator.example", "dns:localhost", "ip:127.0.0.1");
    assertThat(ip.getSubjectX500Principal().getName()).isEqualTo("CN=caas-operator");
    assertThat(ip.getBasicConstraints()).isGreaterThanOrEqualTo(0);
    assertThat(ip.getPublicKey().getAlgorithm())
        .as("P-256: cheap handshakes for the pods' tools")
        .isEqualTo("EC");
    assertThat(ip.getNotAfter().toInstant()).isEqualTo(NOW.plus(3650, ChronoUnit.DAYS));
  }

  @Test
  void wildcardListenHostIsNotPutInTheCertificate() throws Exception {
    X509Certificate certificate = tls(dataDir.resolve("tls"), "0.0.0.0").certificate();

    assertThat(sans(certificate)).containsExactlyInAnyOrder("dns:localhost", "ip:127.0.0.1");
  }

  @Test
  void aGeneratedCertificateMissingANameNowWantedIsGeneratedAgainForAllOfThem() throws Exception {
    Path tlsDir = dataDir.resolve("tls");
    ListenerTls loopback = tls(tlsDir, CertificateNames.forListener("0.0.0.0", List.of()));
    CertificateNames inThePod =
        CertificateNames.forListener(
            "0.0.0.0", List.of("caas-operator-mariadb.demo.svc", "10.244.0.7"));

    ListenerTls regenerated = tls(tlsDir, inThePod);
    ListenerTls reused = tls(tlsDir, inThePod);

    assertThat(regenerated.certificate().getSerialNumber())
        .isNotEqualTo(loopback.certificate().getSerialNumber());
    assertThat(sans(regenerated.certificate()))
        .containsExactlyInAnyOrder(
            "dns:localhost", "ip:127.0.0.1", "dns:caas-operator-mariadb.demo.svc", "ip:10.244.0.7");
    assertThat(reused.certificate().getSerialNumber())
        .isEqualTo(regenerated.certificate().getSerialNumber());
    assertThat(Pem.readCertificates(tlsDir.resolve("listener.crt")).get(0))
        .isEqualTo(regenerated.certificate());
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(tlsDir.resolve("listener.key"))))
        .isEqualTo("rw-------");
  }

  @Test
  void aCertificateNamingMoreThanWantedIsKept() throws Exception {
    Path tlsDir = dataDir.resolve("tls");
    ListenerTls wide = tls(tlsDir, CertificateNames.forListener("0.0.0.0", List.of("op.demo.svc")));

    ListenerTls narrow = tls(tlsDir, "127.0.0.1");

    assertThat(narrow.certificate().getSerialNumber())
        .isEqualTo(wide.certificate().getSerialNumber());
  }

  @Test
  void aCertificateTheOperatorDidNotMakeIsKeptEvenWhenItMissesAName() throws Exception {
    Path tlsDir = Files.createDirectories(dataDir.resolve("tls"));
    SelfSignedCertificate theirs = ForeignCertificate.naming("localhost");
    Files.writeString(tlsDir.resolve("listener.key"), Pem.of(theirs.key()));
    Files.writeString(tlsDir.resolve("listener.crt"), Pem.of(theirs.certificate()));

    ListenerTls kept = tls(tlsDir, CertificateNames.forListener("0.0.0.0", List.of("op.demo.svc")));

    assertThat(kept.certificate()).isEqualTo(theirs.certificate());
  }

  @Test
  void configuredCertificateAndKeyAreUsed() throws Exception {
    SelfSignedCertificate configured = forLocalhost();
    Path cert = Files.writeString(dataDir.resolve("my.crt"), Pem.of(configured.certificate()));
    Path key = Files.writeString(dataDir.resolve("my.key"), Pem.of(configured.key()));

    ListenerTls tls = ListenerTls.fromFiles(cert, key);

    assertThat(tls.certificate().getSerialNumber())
        .isEqualTo(configured.certificate().getSerialNumber());
    assertThat(tls.certificateFile()).isEqualTo(cert);
  }

  @Test
  void corruptCertificateIsAnErrorNamingTheFile() throws Exception {
    Path tlsDir = dataDir.resolve("tls");
    tls(tlsDir, "127.0.0.1");
    Path cert = tlsDir.resolve("listener.crt");
    Files.writeString(
        cert, "-----BEGIN CERTIFICATE-----\nnot base64 at all!!\n-----END CERTIFICATE-----\n");

    assertThatThrownBy(() -> tls(tlsDir, "127.0.0.1"))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining(cert.toString());
  }

  @Test
  void keyThatIsNotPemIsAnErrorNamingTheFile() throws Exception {
    SelfSignedCertificate configured = forLocalhost();
    Path cert = Files.writeString(dataDir.resolve("my.crt"), Pem.of(configured.certificate()));
    Path key = Files.writeString(dataDir.resolve("my.key"), "hello");
    assertThatThrownBy(() -> ListenerTls.fromFiles(cert, key))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining(key.toString());
  }

  @Test
  void keyOfAnotherCertificateIsRefused() throws Exception {
    SelfSignedCertificate one = forLocalhost();
    SelfSignedCertificate other = forLocalhost();
    Path cert = Files.writeString(dataDir.resolve("one.crt"), Pem.of(one.certificate()));
    Path key = Files.writeString(dataDir.resolve("other.key"), Pem.of(other.key()));
    assertThatThrownBy(() -> ListenerTls.fromFiles(cert, key))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining("does not belong to the certificate");
  }

  @Test
  void certificateWhoseKeyIsLostIsNotSilentlyReplaced() throws Exception {
    Path tlsDir = dataDir.resolve("tls");
    ListenerTls.inDirectory(tlsDir, "127.0.0.1");
    Files.delete(tlsDir.resolve("listener.key"));

    assertThatThrownBy(() -> ListenerTls.inDirectory(tlsDir, "127.0.0.1"))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining("listener.key is missing");
  }

  @Test
  void missingConfiguredFileIsNamed() {
    Path cert = dataDir.resolve("absent.crt");

    assertThatThrownBy(() -> ListenerTls.fromFiles(cert, dataDir.resolve("absent.key")))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining(cert.toString());
  }

  /** A certificate as an operator listening on localhost generated it, now. */
  private static SelfSignedCertificate forLocalhost() throws Exception {
    return SelfSignedCertificate.generate(new ListenHost("localhost"), NOW, new SecureRandom());
  }

  private static List<String> sans(X509Certificate certificate) throws Exception {
    List<String> names = new ArrayList<>();
    Collection<List<?>> entries = certificate.getSubjectAlternativeNames();
    for (List<?> entry : entries) {
      int type = (Integer) entry.get(0);
      names.add((type == 7 ? "ip:" : type == 2 ? "dns:" : type + ":") + entry.get(1));
    }
    return names;
  }
}
