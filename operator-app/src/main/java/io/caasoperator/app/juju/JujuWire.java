package io.caasoperator.app.juju;

import io.caasoperator.hooktool.transport.HookToolWire;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The protocol between {@code bin/juju}'s shim and a model's operator ({@link JujuListener}): one
 * call per loopback TCP connection, written and read by bash alone, as the hook tools' ({@link
 * HookToolWire}, whose argument and input framing and reply it shares).
 *
 * <p>Request: NUL-terminated {@code caas-juju/1}, the model's token, the caller's working
 * directory, its {@code $JUJU_MODEL} (empty when unset); then the argument count, each argument,
 * and standard input as chunks {@code <n>\0<n bytes>} ended by {@code 0\0}. Reply: {@code
 * <exit-code> <stdout-length> <stderr-length> raw|escaped\n<stdout><stderr>}.
 */
public final class JujuWire {
  public static final String PROTOCOL = "caas-juju/1";

  /** The longest protocol, token, directory or model field read; real ones are far shorter. */
  private static final int MAX_FIELD = 4096;

  private JujuWire() {}

  /** A decoded call. */
  public record Call(String token, String cwd, String jujuModel, List<String> args, String stdin) {
    public Call {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(cwd, "cwd");
      Objects.requireNonNull(jujuModel, "jujuModel");
      args = List.copyOf(args);
      Objects.requireNonNull(stdin, "stdin");
    }
  }

  /**
   * Reads one call.
   *
   * @throws IOException for a request that breaks the protocol or is over {@code limit} bytes
   */
  public static Call read(InputStream in, long limit) throws IOException {
    String protocol = field(in, "the protocol");
    if (!protocol.equals(PROTOCOL)) throw new IOException("expected " + PROTOCOL);
    String token = field(in, "the token");
    String cwd = field(in, "the working directory");
    String model = field(in, "the model");
    HookToolWire.Request body =
        HookToolWire.readBody(new HookToolWire.Header("juju", ""), in, limit);
    return new Call(token, cwd, model, body.args(), body.stdin());
  }

  /** Writes a call as the shim does: for tests and Java callers. */
  public static byte[] encode(Call call) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String f : List.of(PROTOCOL, call.token(), call.cwd(), call.jujuModel())) {
      out.writeBytes((f + "\0").getBytes(StandardCharsets.UTF_8));
    }
    byte[] rest =
        HookToolWire.encodeRequest(
            "x", "", call.args(), call.stdin().getBytes(StandardCharsets.UTF_8), 8192);
    // HookToolWire's request after its own three header fields
    int skip = (HookToolWire.PROTOCOL + "\0x\0\0").getBytes(StandardCharsets.UTF_8).length;
    out.write(rest, skip, rest.length - skip);
    return out.toByteArray();
  }

  private static String field(InputStream in, String what) throws IOException {
    ByteArrayOutputStream field = new ByteArrayOutputStream();
    while (true) {
      int b = in.read();
      if (b < 0) throw new EOFException("the request ended in " + what);
      if (b == 0) return field.toString(StandardCharsets.UTF_8);
      if (field.size() >= MAX_FIELD) throw new IOException(what + " is too long");
      field.write(b);
    }
  }
}
