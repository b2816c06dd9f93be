package io.caasoperator.http.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertificateNamesTest {

  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void theListenHostLoopbackAndTheOtherHostsAreNamedInOrderOnce() {
    CertificateNames names =
        CertificateNames.forListener(
            "10.1.2.3",
            List.of("Caas-Operator-Mariadb.demo.svc", "10.1.2.3", "localhost", "fd00::0:1"));

    assertThat(names.hosts())
        .containsExactly(
            "10.1.2.3",
            "localhost",
            "127.0.0.1",
            "caas-operator-mariadb.demo.svc",
            "fd00:0:0:0:0:0:0:1");
  }

  @Test
  void aWildcardListenHostIsNoName() {
    assertThat(CertificateNames.forListener("0.0.0.0", List.of("op.demo.svc")).hosts())
        .containsExactly("localhost", "127.0.0.1", "op.demo.svc");
    assertThat(CertificateNames.forListener("[::]", List.of()).hosts())
        .containsExactly("localhost", "127.0.0.1");
  }

  @Test
  void aHostThatIsNeitherAnAddressNorADnsNameIsRefusedByName() {
    for (String bad :
        List.of(
            "under_score.svc", "-leading.svc", "*.demo.svc", "dot..svc", "a".repeat(64) + ".svc")) {
      assertThatThrownBy(() -> CertificateNames.forListener("127.0.0.1", List.of(bad)))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\"" + bad + "\" is neither an IP address nor a DNS name a certificate can name");
    }
  }

  @Test
  void aCertificateGeneratedForTheNamesMissesNone() {
    CertificateNames names =
        CertificateNames.forListener("0.0.0.0", List.of("op.demo.svc", "10.244.0.7", "::1"));

    SelfSignedCertificate generated =
        SelfSignedCertificate.generate(names, NOW, new SecureRandom());

    assertThat(names.missingFrom(generated.certificate())).isEmpty();
  }

  @Test
  void theHostsACertificateDoesNotNameAreListed() {
    SelfSignedCertificate loopbackOnly =
        SelfSignedCertificate.generate(
            CertificateNames.forListener("0.0.0.0", List.of()), NOW, new SecureRandom());
    CertificateNames wanted =
        CertificateNames.forListener("0.0.0.0", List.of("op.demo.svc", "10.244.0.7"));

    assertThat(wanted.missingFrom(loopbackOnly.certificate()))
        .containsExactly("op.demo.svc", "10.244.0.7");
  }

  @Test
  void aWildcardDnsNameCoversOneLabel() throws Exception {
    SelfSignedCertificate localhost =
        SelfSignedCertificate.generate(
            new CertificateNames(List.of("localhost")), NOW, new SecureRandom());
    // A certificate someone else made may carry a wildcard; the operator never makes one.
    CertificateNames oneLabel = new CertificateNames(List.of("op.demo.svc"));
    CertificateNames twoLabels = new CertificateNames(List.of("a.op.demo.svc"));
    SelfSignedCertificate withWildcard = ForeignCertificate.naming("*.demo.svc");

    assertThat(oneLabel.missingFrom(withWildcard.certificate())).isEmpty();
    assertThat(twoLabels.missingFrom(withWildcard.certificate())).containsExactly("a.op.demo.svc");
    assertThat(oneLabel.missingFrom(localhost.certificate())).containsExactly("op.demo.svc");
  }
}
