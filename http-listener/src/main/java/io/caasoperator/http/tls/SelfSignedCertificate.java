package io.caasoperator.http.tls;

import io.caasoperator.http.setup.ListenHost;
import java.math.BigInteger;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate the operator makes for itself when none is configured: ECDSA P-256,
 * CN=caas-operator, valid ten years, naming the hosts of a {@link CertificateNames} (the listen
 * host, {@code localhost}, {@code 127.0.0.1} and the hosts clients elsewhere use).
 *
 * <p>ECDSA rather than RSA because every hook-tool call from a pod is a new TLS handshake (one curl
 * per call), and the server signs in each: with the operator's client compiler an RSA-2048
 * signature took 18-27 ms of CPU, a P-256 one 2 ms (docs/performance.md). Certificates made by
 * earlier versions (RSA) are kept while they name the right hosts.
 *
 * <p>It is its own CA ({@code CA:true}, keyCertSign) so a client can pass the certificate file as
 * its CA file ({@code curl --cacert}, {@code OperatorClient}) and keep hostname verification.
 *
 * @param certificate the certificate
 * @param key its private key
 */
public record SelfSignedCertificate(X509Certificate certificate, PrivateKey key) {

  public static final String COMMON_NAME = "caas-operator";
  static final Duration VALIDITY = Duration.ofDays(3650);
  // Accept clients whose clock is a little behind ours.
  private static final Duration BACKDATE = Duration.ofHours(1);

  /** Generates a new key and certificate for {@code host} and loopback, valid from {@code now}. */
  public static SelfSignedCertificate generate(ListenHost host, Instant now, SecureRandom random) {
    return generate(CertificateNames.forListener(host.value(), List.of()), now, random);
  }

  /** Generates a new key and a certificate naming {@code names}, valid from {@code now}. */
  public static SelfSignedCertificate generate(
      CertificateNames names, Instant now, SecureRandom random) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"), random);
      KeyPair pair = generator.generateKeyPair();
      X500Name name = new X500Name("CN=" + COMMON_NAME);
      // 127 random bits: positive, unique enough that reuse is visible in tests and to clients.
      BigInteger serial = new BigInteger(127, random).setBit(0);
      JcaX509v3CertificateBuilder builder =
          new JcaX509v3CertificateBuilder(
              name,
              serial,
              Date.from(now.minus(BACKDATE)),
              Date.from(now.plus(VALIDITY)),
              name,
              pair.getPublic());
      JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
      // no keyEncipherment: that is RSA key transport, which an EC key cannot do
      builder.addExtension(
          Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyCertSign));
      builder.addExtension(
          Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      builder.addExtension(Extension.subjectAlternativeName, false, subjectAlternativeNames(names));
      builder.addExtension(
          Extension.subjectKeyIdentifier,
          false,
          extensions.createSubjectKeyIdentifier(pair.getPublic()));
      X509Certificate certificate =
          new JcaX509CertificateConverter()
              .getCertificate(
                  builder.build(
                      new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
      return new SelfSignedCertificate(certificate, pair.getPrivate());
    } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
      // Only a JVM without P-256/SHA-256 gets here.
      throw new IllegalStateException("cannot generate a self-signed certificate", e);
    }
  }

  static GeneralNames subjectAlternativeNames(CertificateNames names) {
    return new GeneralNames(
        names.hosts().stream().map(SelfSignedCertificate::generalName).toArray(GeneralName[]::new));
  }

  private static GeneralName generalName(String host) {
    return new ListenHost(host)
        .ipLiteral()
        .map(InetAddress::getHostAddress)
        .map(ip -> new GeneralName(GeneralName.iPAddress, ip))
        .orElseGet(() -> new GeneralName(GeneralName.dNSName, host));
  }
}
