package io.caasoperator.app.juju;

import io.caasoperator.hooktool.transport.HookToolWire;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a model's operator answers {@code juju} calls from the shim in {@code bin/juju}
 * (docs/juju.md, "How a call stays cheap"): a loopback port, {@link JujuWire} on it, one call per
 * connection on its own virtual thread, each run by {@link JujuCli#execute} against the context the
 * operator gives for it. Only a caller holding the model's token (a 0600 file in its 0700
 * directory) is answered.
 *
 * <p>{@link #open} writes {@code juju.address} and {@code juju.token} into the model's data
 * directory, where the shim reads them; {@link #close} removes them. Not yet started by any
 * operator: the model runtime (issue 26) does that once it runs a model.
 */
public final class JujuListener implements AutoCloseable {

  public static final String ADDRESS_FILE = "juju.address";
  public static final String TOKEN_FILE = "juju.token";

  /** A call's arguments and input: far above any real one. */
  private static final long MAX_REQUEST = 16L * 1024 * 1024;

  private static final int IDLE_MILLIS = 60_000;

  private final ServerSocket server;
  private final Path dataDir;
  private final byte[] token;
  private final Function<JujuWire.Call, JujuContext> contexts;

  private JujuListener(
      ServerSocket server,
      Path dataDir,
      String token,
      Function<JujuWire.Call, JujuContext> contexts) {
    this.server = server;
    this.dataDir = dataDir;
    this.token = token.getBytes(StandardCharsets.US_ASCII);
    this.contexts = contexts;
  }

  /**
   * Binds a loopback port, writes the files the shim reads, and starts answering.
   *
   * @param contexts the context of each call: its working directory, its {@code JUJU_MODEL}, its
   *     standard input, and output streams that become the reply
   */
  public static JujuListener open(Path dataDir, Function<JujuWire.Call, JujuContext> contexts)
      throws IOException {
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    ServerSocket server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
    JujuListener listener = new JujuListener(server, dataDir, token, contexts);
    Path tokenFile = dataDir.resolve(TOKEN_FILE);
    Files.deleteIfExists(tokenFile);
    Files.createFile(
        tokenFile,
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(tokenFile, token + "\n");
    ModelStore.writeWhole(dataDir.resolve(ADDRESS_FILE), listener.address() + "\n");
    Thread.ofVirtual().name("juju-listener").start(listener::accept);
    return listener;
  }

  /** {@code 127.0.0.1:<port>}. */
  public String address() {
    return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
  }

  /**
   * {@code base} as one call sees it: the caller's directory, {@code JUJU_MODEL} and standard input
   * (its output goes to the call's reply whatever streams {@code base} has).
   */
  public static JujuContext contextFor(JujuContext base, JujuWire.Call call) {
    java.util.Map<String, String> env = new java.util.HashMap<>(base.env());
    if (call.jujuModel().isEmpty()) env.remove("JUJU_MODEL");
    else env.put("JUJU_MODEL", call.jujuModel());
    return new JujuContext(
        base.models(),
        base.operators(),
        base.charms(),
        base.check(),
        base.status(),
        Path.of(call.cwd()),
        env,
        base.clock(),
        new ByteArrayInputStream(call.stdin().getBytes(StandardCharsets.UTF_8)),
        base.out(),
        base.err());
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        Thread.ofVirtual().start(() -> serve(socket));
      } catch (IOException e) {
        // closed, or a connection that failed before it was ours: nothing to answer
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(IDLE_MILLIS);
      byte[] reply;
      try {
        JujuWire.Call call =
            JujuWire.read(new BufferedInputStream(socket.getInputStream(), 8192), MAX_REQUEST);
        reply = answer(call);
      } catch (IOException e) {
        reply =
            HookToolWire.encodeReply(1, "", "ERROR malformed juju call: " + e.getMessage() + "\n");
      }
      OutputStream out = socket.getOutputStream();
      out.write(reply);
      out.flush();
    } catch (IOException e) {
      // the caller went away: nobody is left to answer
    }
  }

  private byte[] answer(JujuWire.Call call) {
    if (!MessageDigest.isEqual(token, call.token().getBytes(StandardCharsets.US_ASCII))) {
      return HookToolWire.encodeReply(
          1, "", "ERROR the model's operator refused the call: it is not from this model's user\n");
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    JujuContext context = Objects.requireNonNull(contexts.apply(call), "context");
    int code = JujuCli.execute(withStreams(context, out, err), call.args().toArray(String[]::new));
    return HookToolWire.encodeReply(code, out.toString(), err.toString());
  }

  /** The context with output into this call's buffers, whatever streams it came with. */
  private static JujuContext withStreams(JujuContext c, StringWriter out, StringWriter err) {
    return new JujuContext(
        c.models(),
        c.operators(),
        c.charms(),
        c.check(),
        c.status(),
        c.cwd(),
        c.env(),
        c.clock(),
        c.in(),
        new PrintWriter(out),
        new PrintWriter(err));
  }

  /** Stops answering and removes the files that point at it. */
  @Override
  public void close() throws IOException {
    server.close();
    Files.deleteIfExists(dataDir.resolve(ADDRESS_FILE));
    Files.deleteIfExists(dataDir.resolve(TOKEN_FILE));
  }
}
