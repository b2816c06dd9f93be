package io.caasoperator.http.tls;

import io.caasoperator.http.DataDirException;
import io.caasoperator.http.ListenHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The listener's certificate and key, and the server {@link SSLContext} made from them.
 *
 * <p>Either configured by the user ({@link #fromFiles}) or kept in {@code <data-dir>/tls/}
 * ({@link #inDirectory}): generated self-signed on the first start, reused afterwards so clients
 * that trust it keep working across restarts. {@link #certificateFile()} is what a client passes
 * as its CA file.
 */
public final class ListenerTls {

    public static final String CERTIFICATE_FILE = "listener.crt";
    public static final String KEY_FILE = "listener.key";

    private final Path certificateFile;
    private final List<X509Certificate> chain;
    private final SSLContext serverContext;

    private ListenerTls(Path certificateFile, List<X509Certificate> chain, PrivateKey key) {
        this.certificateFile = certificateFile;
        this.chain = chain;
        this.serverContext = serverContext(chain, key);
    }

    /**
     * The certificate in {@code tlsDir} ({@code listener.crt} + {@code listener.key}), generated
     * for {@code listenHost} if it is not there yet.
     */
    public static ListenerTls inDirectory(Path tlsDir, String listenHost) {
        return inDirectory(tlsDir, listenHost, Clock.systemUTC(), new SecureRandom());
    }

    /** As {@link #inDirectory(Path, String)}, with the clock and randomness given. */
    public static ListenerTls inDirectory(Path tlsDir, String listenHost, Clock clock, SecureRandom random) {
        Path certificate = tlsDir.resolve(CERTIFICATE_FILE);
        Path key = tlsDir.resolve(KEY_FILE);
        // The key is written before the certificate, so a certificate without its key is not
        // something we left behind: refuse rather than replace a certificate clients may trust.
        if (Files.exists(certificate) && !Files.exists(key)) {
            throw new DataDirException(certificate + " exists but its key " + key + " is missing;"
                    + " restore the key, or delete the certificate to generate a new pair");
        }
        if (!Files.exists(certificate)) {
            write(tlsDir, certificate, key,
                    SelfSignedCertificate.generate(new ListenHost(listenHost), clock.instant(), random));
        }
        return fromFiles(certificate, key);
    }

    /** A user-configured certificate (optionally followed by its chain) and its key. */
    public static ListenerTls fromFiles(Path certificateFile, Path keyFile) {
        Objects.requireNonNull(certificateFile, "certificateFile");
        Objects.requireNonNull(keyFile, "keyFile");
        for (Path file : List.of(certificateFile, keyFile)) {
            if (!Files.isRegularFile(file)) {
                throw new DataDirException("TLS file " + file + " does not exist or is not a regular file");
            }
        }
        List<X509Certificate> chain = Pem.readCertificates(certificateFile);
        PrivateKey key = Pem.readPrivateKey(keyFile);
        requireMatchingKey(chain.get(0), key, certificateFile, keyFile);
        return new ListenerTls(certificateFile, chain, key);
    }

    /** Server-side TLS for the listener. */
    public SSLContext serverContext() {
        return serverContext;
    }

    /** The PEM file a client trusts (as its CA file) to talk to this listener. */
    public Path certificateFile() {
        return certificateFile;
    }

    /** The certificate served. */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    private static void write(Path tlsDir, Path certificate, Path key, SelfSignedCertificate generated) {
        try {
            Files.createDirectories(tlsDir);
            writeAtomically(key, Pem.of(generated.key()), true);
            writeAtomically(certificate, Pem.of(generated.certificate()), false);
        } catch (IOException e) {
            throw new DataDirException("cannot write the generated certificate into " + tlsDir + ": " + e, e);
        }
    }

    /**
     * Writes to a temporary file then renames it: a crash never leaves a half-written PEM. A
     * private file is created with mode 0600 from the start, never readable by others even
     * briefly.
     */
    static void writeAtomically(Path target, String content, boolean ownerOnly) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        boolean posix = target.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (ownerOnly && posix) {
            Set<PosixFilePermission> ownerReadWrite = PosixFilePermissions.fromString("rw-------");
            FileAttribute<Set<PosixFilePermission>> mode = PosixFilePermissions.asFileAttribute(ownerReadWrite);
            Files.createFile(tmp, mode);
        } else {
            try {
                Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                // deleted above; a concurrent writer is racing us and the rename below settles it
            }
        }
        Files.writeString(tmp, content, StandardCharsets.US_ASCII);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void requireMatchingKey(X509Certificate certificate, PrivateKey key, Path certFile, Path keyFile) {
        // Signing with the key and verifying with the certificate is the one check that works
        // for RSA and EC alike; a mismatch otherwise shows up as an opaque handshake failure.
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        if (algorithm == null) {
            return;
        }
        try {
            byte[] probe = "caas-operator key check".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            if (!verifier.verify(signature)) {
                throw new DataDirException("the key " + keyFile + " does not belong to the certificate " + certFile);
            }
        } catch (GeneralSecurityException e) {
            throw new DataDirException("the key " + keyFile + " does not belong to the certificate " + certFile
                    + " (" + e.getMessage() + ")", e);
        }
    }

    private static SSLContext serverContext(List<X509Certificate> chain, PrivateKey key) {
        try {
            // An in-memory store only hands the key to the KeyManager; its password protects nothing.
            char[] password = "in-memory".toCharArray();
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("listener", key, password, chain.toArray(X509Certificate[]::new));
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), null, new SecureRandom());
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot build the listener's TLS context", e);
        }
    }
}
