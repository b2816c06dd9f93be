package io.caasoperator.hooktool.transport;

import io.caasoperator.hooktool.GoQuote;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The protocol of the loopback hook-tool listener: one call per TCP connection, written and read by
 * bash alone ({@code /dev/tcp}, {@code printf}, {@code read}), so a tool call is one process. The
 * listener answers every call, errors of the call itself included, in the same reply, so the client
 * never parses anything but one header line.
 *
 * <p>Request: NUL-terminated fields, so that one {@code printf '%s\0' ...} writes all of it when
 * the tool reads no input:
 *
 * <ol>
 *   <li>{@code caas-hook-tool/1}, the tool's name, the context token of the hook or exec making the
 *       call (empty when the caller has none);
 *   <li>the arguments as {@link HookToolFraming} writes them: the count, then each argument;
 *   <li>standard input as chunks {@code <n>\0<n bytes>}, ended by {@code 0\0} (only that when the
 *       tool reads none): the client sends what it reads as it reads it and cannot shut its side of
 *       a bash socket down, so the end is marked.
 * </ol>
 *
 * <p>Reply: {@code <exit-code> <stdout-length> <stderr-length> <encoding>\n<stdout><stderr>}. With
 * encoding {@code raw} the streams are the tool's bytes; a stream holding a NUL byte cannot pass
 * through a bash variable, so then both are {@code escaped} for bash's {@code printf %b}: {@code \}
 * as {@code \\}, NUL as {@code \0000}. The lengths are those of the bytes sent.
 */
public final class HookToolWire {

  public static final String PROTOCOL = "caas-hook-tool/1";

  /** The longest protocol, tool or token field read; real ones are far shorter. */
  private static final int MAX_HEADER = 512;

  private static final Pattern TOOL = Pattern.compile("[a-z][a-z0-9-]{0,63}");
  private static final Pattern TOKEN = Pattern.compile("[!-~]{1,256}");

  /** Far above any real call (ARG_MAX is about 2 MiB); guards against a count that is garbage. */
  private static final int MAX_ARGS = 1 << 20;

  private HookToolWire() {}

  /** The header line of a call: who calls which tool. */
  public record Header(String tool, String token) {
    public Header {
      Objects.requireNonNull(tool, "tool");
      Objects.requireNonNull(token, "token");
    }
  }

  /** A decoded call. */
  public record Request(Header header, List<String> args, String stdin) {
    public Request {
      Objects.requireNonNull(header, "header");
      args = List.copyOf(args);
      Objects.requireNonNull(stdin, "stdin");
    }
  }

  /** A request that breaks the protocol; the connection cannot be trusted after it. */
  public static final class MalformedRequest extends IOException {
    MalformedRequest(String message) {
      super(message);
    }
  }

  /**
   * The arguments and input together were over the limit. The whole request has been read (and
   * dropped), so the connection can still carry the answer.
   */
  public static final class TooLarge extends IOException {
    private final long limit;

    TooLarge(long limit) {
      super("request body is larger than the limit of " + limit + " bytes");
      this.limit = limit;
    }

    public long limit() {
      return limit;
    }
  }

  /** Reads the protocol, tool and token fields. */
  public static Header readHeader(InputStream in) throws IOException {
    String protocol = readShortField(in, MAX_HEADER, "the protocol");
    if (!protocol.equals(PROTOCOL)) {
      throw new MalformedRequest("expected " + PROTOCOL + ", got " + GoQuote.of(protocol));
    }
    String tool = readShortField(in, MAX_HEADER, "the tool name");
    if (!TOOL.matcher(tool).matches()) {
      throw new MalformedRequest("not a tool name: " + GoQuote.of(tool));
    }
    String token = readShortField(in, MAX_HEADER, "the token");
    if (!token.isEmpty() && !TOKEN.matcher(token).matches()) {
      throw new MalformedRequest("not a token");
    }
    return new Header(tool, token);
  }

  /**
   * Reads the arguments and standard input that follow the header. Past {@code limit} bytes the
   * rest is still read, to its end marker, and dropped; then {@link TooLarge} is thrown.
   */
  public static Request readBody(Header header, InputStream in, long limit) throws IOException {
    Budget budget = new Budget(limit);
    String countText = readField(in, budget, 8, "the argument count");
    if (countText.isEmpty() || !countText.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new MalformedRequest("the argument count is not a number: " + GoQuote.of(countText));
    }
    int count = Integer.parseInt(countText);
    if (count > MAX_ARGS) throw new MalformedRequest("too many arguments: " + count);
    List<String> args = new ArrayList<>(Math.min(count, 64));
    for (int i = 0; i < count; i++) {
      args.add(readField(in, budget, Integer.MAX_VALUE, "argument " + (i + 1)));
    }
    ByteArrayOutputStream stdin = new ByteArrayOutputStream();
    while (true) {
      String sizeText = readShortField(in, 12, "a chunk size");
      if (sizeText.isEmpty() || !sizeText.chars().allMatch(c -> c >= '0' && c <= '9')) {
        throw new MalformedRequest("a chunk size is not a number: " + GoQuote.of(sizeText));
      }
      long size = Long.parseLong(sizeText);
      if (size == 0) break;
      if (budget.take(size)) {
        stdin.writeBytes(readExactly(in, (int) size));
      } else {
        skipExactly(in, size);
      }
    }
    if (budget.exceeded()) throw new TooLarge(limit);
    return new Request(header, args, stdin.toString(StandardCharsets.UTF_8));
  }

  /** Writes a request, as the bash client does: for tests and Java callers. */
  public static byte[] encodeRequest(
      String tool, String token, List<String> args, byte[] stdin, int chunk) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes((PROTOCOL + "\0" + tool + "\0" + token + "\0").getBytes(StandardCharsets.UTF_8));
    out.writeBytes(HookToolFraming.encodeCall(args, ""));
    for (int at = 0; at < stdin.length; at += chunk) {
      int n = Math.min(chunk, stdin.length - at);
      out.writeBytes((n + "\0").getBytes(StandardCharsets.US_ASCII));
      out.write(stdin, at, n);
    }
    out.writeBytes("0\0".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  /** The reply to a call: what the tool printed and exited with. */
  public static byte[] encodeReply(int exitCode, String stdout, String stderr) {
    byte[] out = stdout.getBytes(StandardCharsets.UTF_8);
    byte[] err = stderr.getBytes(StandardCharsets.UTF_8);
    boolean escaped = contains(out, (byte) 0) || contains(err, (byte) 0);
    if (escaped) {
      out = escape(out);
      err = escape(err);
    }
    ByteArrayOutputStream reply = new ByteArrayOutputStream(out.length + err.length + 32);
    reply.writeBytes(
        (exitCode + " " + out.length + " " + err.length + (escaped ? " escaped" : " raw") + "\n")
            .getBytes(StandardCharsets.US_ASCII));
    reply.writeBytes(out);
    reply.writeBytes(err);
    return reply.toByteArray();
  }

  /** Decodes a reply (for tests and Java callers): the streams as the tool wrote them. */
  public static HookToolFraming.Reply decodeReply(byte[] reply) throws IOException {
    int newline = indexOf(reply, (byte) '\n', 0);
    if (newline < 0) throw new MalformedRequest("missing the header line");
    String[] header = new String(reply, 0, newline, StandardCharsets.US_ASCII).split(" ");
    if (header.length != 4)
      throw new MalformedRequest("the header is not <code> <out> <err> <encoding>");
    int outLength = Integer.parseInt(header[1]);
    int errLength = Integer.parseInt(header[2]);
    int start = newline + 1;
    if (start + outLength + errLength != reply.length)
      throw new MalformedRequest("the lengths do not match");
    byte[] out = java.util.Arrays.copyOfRange(reply, start, start + outLength);
    byte[] err = java.util.Arrays.copyOfRange(reply, start + outLength, reply.length);
    if (header[3].equals("escaped")) {
      out = unescape(out);
      err = unescape(err);
    }
    return new HookToolFraming.Reply(
        Integer.parseInt(header[0]),
        new String(out, StandardCharsets.UTF_8),
        new String(err, StandardCharsets.UTF_8));
  }

  private static byte[] escape(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + 16);
    for (byte b : bytes) {
      if (b == '\\') {
        out.write('\\');
        out.write('\\');
      } else if (b == 0) {
        // \0 then exactly three octal digits: a digit that follows is not taken in.
        out.writeBytes("\\0000".getBytes(StandardCharsets.US_ASCII));
      } else {
        out.write(b);
      }
    }
    return out.toByteArray();
  }

  private static byte[] unescape(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '\\' && i + 1 < bytes.length && bytes[i + 1] == '\\') {
        out.write('\\');
        i++;
      } else if (bytes[i] == '\\' && i + 4 < bytes.length && bytes[i + 1] == '0') {
        out.write(0);
        i += 4;
      } else {
        out.write(bytes[i]);
      }
    }
    return out.toByteArray();
  }

  /** Bytes the request may still carry; once over, it only counts what is dropped. */
  private static final class Budget {
    private long left;
    private boolean exceeded;

    Budget(long limit) {
      this.left = limit;
    }

    /** Takes {@code n} bytes; false once the request is over the limit. */
    boolean take(long n) {
      if (exceeded || n > left) {
        exceeded = true;
        return false;
      }
      left -= n;
      return true;
    }

    boolean exceeded() {
      return exceeded;
    }
  }

  /**
   * A NUL-terminated field; over the budget it is read on and dropped (an empty string returned).
   */
  private static String readField(InputStream in, Budget budget, int maxLength, String what)
      throws IOException {
    ByteArrayOutputStream field = new ByteArrayOutputStream();
    while (true) {
      int b = in.read();
      if (b < 0) throw new EOFException("the request ended in " + what);
      if (b == 0) break;
      if (field.size() >= maxLength) throw new MalformedRequest(what + " is too long");
      if (budget.take(1)) field.write(b);
    }
    budget.take(1);
    return field.toString(StandardCharsets.UTF_8);
  }

  /** A short NUL-terminated field outside the budget (protocol, tool, token, chunk sizes). */
  private static String readShortField(InputStream in, int maxLength, String what)
      throws IOException {
    ByteArrayOutputStream field = new ByteArrayOutputStream();
    while (true) {
      int b = in.read();
      if (b < 0) throw new EOFException("the request ended in " + what);
      if (b == 0) return field.toString(StandardCharsets.UTF_8);
      if (field.size() >= maxLength) throw new MalformedRequest(what + " is too long");
      field.write(b);
    }
  }

  private static byte[] readExactly(InputStream in, int n) throws IOException {
    byte[] bytes = in.readNBytes(n);
    if (bytes.length != n) throw new EOFException("the request ended in its input");
    return bytes;
  }

  private static void skipExactly(InputStream in, long n) throws IOException {
    byte[] buffer = new byte[8192];
    long left = n;
    while (left > 0) {
      int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
      if (read < 0) throw new EOFException("the request ended in its input");
      left -= read;
    }
  }

  private static boolean contains(byte[] bytes, byte value) {
    return indexOf(bytes, value, 0) >= 0;
  }

  private static int indexOf(byte[] bytes, byte value, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == value) return i;
    }
    return -1;
  }
}
