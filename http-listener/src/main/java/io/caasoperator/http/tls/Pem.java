package io.caasoperator.http.tls;

import io.caasoperator.http.setup.DataDirException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * PEM text for certificates and private keys. Every read error names the file, because the usual
 * cause is a user pointing at the wrong file or pasting a truncated one.
 */
public final class Pem {

  private Pem() {}

  /** Every certificate in {@code file}, leaf first (a configured file may hold a chain). */
  public static List<X509Certificate> readCertificates(Path file) {
    List<X509Certificate> certificates = new ArrayList<>();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
        PEMParser parser = new PEMParser(reader)) {
      JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
      for (Object object = parser.readObject(); object != null; object = parser.readObject()) {
        if (!(object instanceof X509CertificateHolder holder)) {
          throw new DataDirException(
              file
                  + " is not a PEM certificate: it holds a "
                  + object.getClass().getSimpleName()
                  + " where a CERTIFICATE block was expected");
        }
        certificates.add(converter.getCertificate(holder));
      }
    } catch (IOException | CertificateException | RuntimeException e) {
      if (e instanceof DataDirException dataDir) {
        throw dataDir;
      }
      throw new DataDirException(
          "cannot read the certificate " + file + ": not valid PEM (" + e.getMessage() + ")", e);
    }
    if (certificates.isEmpty()) {
      throw new DataDirException(
          "cannot read the certificate "
              + file
              + ": no \"-----BEGIN CERTIFICATE-----\" block in it");
    }
    return List.copyOf(certificates);
  }

  /** The private key in {@code file}: PKCS#8 or PKCS#1/SEC1, not encrypted. */
  public static PrivateKey readPrivateKey(Path file) {
    Object object;
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
        PEMParser parser = new PEMParser(reader)) {
      object = parser.readObject();
    } catch (IOException | RuntimeException e) {
      throw new DataDirException(
          "cannot read the private key " + file + ": not valid PEM (" + e.getMessage() + ")", e);
    }
    if (object == null) {
      throw new DataDirException(
          "cannot read the private key "
              + file
              + ": no \"-----BEGIN PRIVATE KEY-----\" block in it");
    }
    if (object instanceof PEMEncryptedKeyPair || object instanceof PKCS8EncryptedPrivateKeyInfo) {
      // The operator starts unattended: there is nobody to type a passphrase.
      throw new DataDirException(
          "the private key "
              + file
              + " is encrypted; give an unencrypted key"
              + " (openssl pkey -in <key> -out <plain key>) and protect it with file permissions");
    }
    try {
      JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
      if (object instanceof PEMKeyPair pair) {
        return converter.getKeyPair(pair).getPrivate();
      }
      if (object instanceof PrivateKeyInfo info) {
        return converter.getPrivateKey(info);
      }
    } catch (IOException e) {
      throw new DataDirException("cannot read the private key " + file + ": " + e.getMessage(), e);
    }
    throw new DataDirException(
        file + " is not a PEM private key: it holds a " + object.getClass().getSimpleName());
  }

  /** {@code certificate} as a PEM CERTIFICATE block. */
  public static String of(X509Certificate certificate) {
    return write(certificate);
  }

  /** {@code key} as a PKCS#8 PEM PRIVATE KEY block. */
  public static String of(PrivateKey key) {
    try {
      return write(new JcaPKCS8Generator(key, null).generate());
    } catch (org.bouncycastle.util.io.pem.PemGenerationException e) {
      throw new IllegalStateException("cannot encode a private key as PKCS#8", e);
    }
  }

  private static String write(Object object) {
    StringWriter text = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
      writer.writeObject(object);
    } catch (IOException e) {
      // Writing to a StringWriter does no I/O.
      throw new IllegalStateException("cannot encode PEM", e);
    }
    return text.toString();
  }
}
