package io.caasoperator.http.hooktool;

import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.transport.HookToolWire;
import io.caasoperator.http.JsonErrors;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hook tools' listener for processes on this machine: plain TCP on a loopback address, {@link
 * HookToolWire} on the wire, one call per connection, each on its own virtual thread. A call is
 * authorised exactly as on the HTTPS route: by the context token of a hook or exec running now,
 * through the same {@link HookToolGateway}. TLS is left to the HTTPS listener, for calls that cross
 * a network (hooks in pods): on loopback it would only cost a handshake per call.
 *
 * <p>Every call gets a reply, errors of the call itself included ({@code ERROR <detail>} on
 * standard error, exit code 1, the HTTPS route's wording), so a client relays one answer. A request
 * over the size limit is still read to its end before the reply: closing a socket with unread input
 * resets it, and the client would lose the answer.
 */
public final class LoopbackToolListener implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LoopbackToolListener.class);

  /**
   * More concurrent connections than any number of running hooks makes; extra ones are closed at
   * once.
   */
  private static final int MAX_CONNECTIONS = 1024;

  private final ServerSocket server;
  private final long maxRequestBytes;
  private final Duration idleTimeout;
  private final Semaphore connections = new Semaphore(MAX_CONNECTIONS);
  private volatile Thread acceptor;

  private LoopbackToolListener(ServerSocket server, long maxRequestBytes, Duration idleTimeout) {
    this.server = server;
    this.maxRequestBytes = maxRequestBytes;
    this.idleTimeout = idleTimeout;
  }

  /**
   * Binds a loopback port (0: any free one) without accepting yet: hooks are told the address
   * before the operator that answers them exists. Connections made before {@link #start} wait.
   *
   * @param maxRequestBytes the largest arguments and input of a call, as the HTTPS listener's body
   *     limit
   * @param idleTimeout how long a connection may send nothing (a tool streaming a slow standard
   *     input)
   */
  public static LoopbackToolListener bind(int port, long maxRequestBytes, Duration idleTimeout)
      throws IOException {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    ServerSocket socket = new ServerSocket();
    try {
      socket.bind(new InetSocketAddress(loopback, port), 128);
    } catch (IOException e) {
      socket.close();
      throw e;
    }
    return new LoopbackToolListener(socket, maxRequestBytes, idleTimeout);
  }

  /** {@code 127.0.0.1:<port>}: what the hooks' {@code CAAS_HOOK_TOOL_ADDRESS} says. */
  public String address() {
    return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
  }

  /** Starts answering calls through {@code gateway}. */
  public synchronized void start(HookToolGateway gateway) {
    Objects.requireNonNull(gateway, "gateway");
    if (acceptor != null) throw new IllegalStateException("already started");
    acceptor = Thread.ofVirtual().name("hook-tool-acceptor").start(() -> accept(gateway));
  }

  private void accept(HookToolGateway gateway) {
    while (!server.isClosed()) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException e) {
        if (!server.isClosed())
          log.warn("hook-tool listener {}: accept failed: {}", address(), e.toString());
        continue;
      }
      if (!connections.tryAcquire()) {
        closeQuietly(socket);
        continue;
      }
      Thread.ofVirtual()
          .start(
              () -> {
                try {
                  serve(socket, gateway);
                } finally {
                  connections.release();
                }
              });
    }
  }

  private void serve(Socket socket, HookToolGateway gateway) {
    try (socket) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, idleTimeout.toMillis()));
      InputStream in = new BufferedInputStream(socket.getInputStream(), 8192);
      byte[] reply = answer(in, gateway);
      OutputStream out = socket.getOutputStream();
      out.write(reply);
      out.flush();
    } catch (SocketException e) {
      // The tool went away (killed with its hook): nobody is left to answer.
      log.debug("hook-tool connection closed early: {}", e.toString());
    } catch (IOException e) {
      log.debug("hook-tool connection failed: {}", e.toString());
    }
  }

  private byte[] answer(InputStream in, HookToolGateway gateway) throws IOException {
    HookToolWire.Request request;
    try {
      HookToolWire.Header header = HookToolWire.readHeader(in);
      request = HookToolWire.readBody(header, in, maxRequestBytes);
    } catch (HookToolWire.TooLarge e) {
      return error(e.getMessage());
    } catch (HookToolWire.MalformedRequest e) {
      return error("malformed hook-tool call: " + e.getMessage());
    }
    if (request.header().token().isEmpty()) return error(HookToolRoutes.NO_TOKEN);
    if (!gateway.recognises(request.header().token())) return error(HookToolRoutes.STALE_TOKEN);
    try {
      ToolOutcome outcome = call(gateway, request).get();
      return HookToolWire.encodeReply(outcome.exitCode(), outcome.stdout(), outcome.stderr());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SocketException("the listener is closing");
    } catch (ExecutionException e) {
      return failed(e.getCause());
    }
  }

  private static CompletableFuture<ToolOutcome> call(
      HookToolGateway gateway, HookToolWire.Request request) {
    try {
      return gateway
          .call(request.header().token(), request.header().tool(), request.args(), request.stdin())
          .toCompletableFuture();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** The HTTPS route's answers to the same failures ({@code JsonErrors}), as a tool prints them. */
  private static byte[] failed(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof HookToolDenied denied) return error(denied.getMessage());
    if (cause instanceof TimeoutException) return error(JsonErrors.TIMEOUT_DETAIL);
    String reference = UUID.randomUUID().toString().substring(0, 8);
    log.error("Unexpected error answering a hook-tool call (reference {})", reference, cause);
    return error(
        "unexpected error in the operator (reference " + reference + "); see the operator log");
  }

  private static byte[] error(String detail) {
    return HookToolWire.encodeReply(1, "", "ERROR " + detail + "\n");
  }

  /**
   * Stops accepting; calls being answered finish. Called once no hook runs any more (after the
   * operator's drain), so hooks that end during a shutdown can still call their tools.
   */
  @Override
  public void close() throws IOException {
    server.close();
    Thread running = acceptor;
    if (running != null) {
      try {
        running.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // nothing to tell anyone
    }
  }
}
