package io.caasoperator.http.tls;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** A certificate the operator did not make (another subject), naming the DNS names given. */
final class ForeignCertificate {

  private ForeignCertificate() {}

  static SelfSignedCertificate naming(String... dnsNames) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048, new SecureRandom());
    KeyPair pair = generator.generateKeyPair();
    X500Name name = new X500Name("CN=someone else");
    Instant now = Instant.now();
    JcaX509v3CertificateBuilder builder =
        new JcaX509v3CertificateBuilder(
            name,
            BigInteger.valueOf(42),
            Date.from(now.minus(Duration.ofHours(1))),
            Date.from(now.plus(Duration.ofDays(1))),
            name,
            pair.getPublic());
    GeneralName[] names = new GeneralName[dnsNames.length];
    for (int i = 0; i < dnsNames.length; i++) {
      names[i] = new GeneralName(GeneralName.dNSName, dnsNames[i]);
    }
    builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
    return new SelfSignedCertificate(
        new JcaX509CertificateConverter()
            .getCertificate(
                builder.build(
                    new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate()))),
        pair.getPrivate());
  }
}
