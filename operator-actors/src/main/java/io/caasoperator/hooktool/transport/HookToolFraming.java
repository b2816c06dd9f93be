package io.caasoperator.hooktool.transport;

import io.caasoperator.hooktool.GoQuote;
import io.caasoperator.hooktool.ToolOutcome;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The body format between the hook-tool shims and the operator, content type {@value
 * #CONTENT_TYPE}. Chosen so a POSIX shell can write and read it with printf, cat, head and tail, no
 * JSON escaping in sh.
 *
 * <p>Request: {@code <argc>\0<arg 1>\0...<arg argc>\0<stdin>}: the argument count in decimal, then
 * each argument, each followed by one NUL, then every remaining byte is the tool's standard input
 * (usually none). Arguments come from a C argv, so they never contain NUL and the count makes an
 * empty argument and "no more arguments" distinguishable.
 *
 * <p>Response: {@code <exit-code> <stdout-bytes> <stderr-bytes>\n<stdout><stderr>}: one ASCII
 * header line with three decimal numbers, then exactly that many bytes of each stream.
 */
public final class HookToolFraming {

  public static final String CONTENT_TYPE = "application/x-caas-hook-tool";

  /** Far above any real call (ARG_MAX is about 2 MiB); guards against a count that is garbage. */
  private static final int MAX_ARGS = 1 << 20;

  private HookToolFraming() {}

  /** A decoded request: the tool's arguments and its standard input (empty when none was sent). */
  public record Call(List<String> args, String stdin) {
    public Call {
      args = List.copyOf(args);
      Objects.requireNonNull(stdin, "stdin");
    }
  }

  /** A decoded response, for clients and tests. */
  public record Reply(int exitCode, String stdout, String stderr) {}

  /** Thrown for a body that does not follow the framing; the listener answers 400. */
  public static final class MalformedFrame extends IllegalArgumentException {
    MalformedFrame(String message) {
      super(message);
    }
  }

  public static byte[] encodeCall(List<String> args, String stdin) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeField(out, String.valueOf(args.size()));
    for (String arg : args) {
      if (arg.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("an argument cannot contain NUL");
      }
      writeField(out, arg);
    }
    out.writeBytes(stdin.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  public static Call decodeCall(byte[] body) {
    int position = 0;
    int end = indexOfNul(body, position);
    if (end < 0) {
      throw new MalformedFrame("missing the argument count: expected <argc>\\0<arg>\\0...");
    }
    String countText = new String(body, 0, end, StandardCharsets.US_ASCII);
    if (countText.isEmpty()
        || countText.length() > 7
        || !countText.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new MalformedFrame("the argument count is not a number: " + GoQuote.of(countText));
    }
    int count = Integer.parseInt(countText);
    if (count > MAX_ARGS) {
      throw new MalformedFrame("too many arguments: " + count);
    }
    position = end + 1;
    List<String> args = new ArrayList<>(Math.min(count, 64));
    for (int i = 0; i < count; i++) {
      end = indexOfNul(body, position);
      if (end < 0) {
        throw new MalformedFrame("expected " + count + " arguments, found " + i);
      }
      args.add(new String(body, position, end - position, StandardCharsets.UTF_8));
      position = end + 1;
    }
    String stdin = new String(body, position, body.length - position, StandardCharsets.UTF_8);
    return new Call(args, stdin);
  }

  public static byte[] encodeReply(ToolOutcome outcome) {
    return encodeReply(outcome.exitCode(), outcome.stdout(), outcome.stderr());
  }

  public static byte[] encodeReply(int exitCode, String stdout, String stderr) {
    byte[] out = stdout.getBytes(StandardCharsets.UTF_8);
    byte[] err = stderr.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream body = new ByteArrayOutputStream(out.length + err.length + 32);
    body.writeBytes(
        (exitCode + " " + out.length + " " + err.length + "\n")
            .getBytes(StandardCharsets.US_ASCII));
    body.writeBytes(out);
    body.writeBytes(err);
    return body.toByteArray();
  }

  public static Reply decodeReply(byte[] body) {
    int newline = -1;
    for (int i = 0; i < body.length; i++) {
      if (body[i] == '\n') {
        newline = i;
        break;
      }
    }
    if (newline < 0) {
      throw new MalformedFrame("missing the header line");
    }
    String[] header = new String(body, 0, newline, StandardCharsets.US_ASCII).split(" ");
    try {
      int code = Integer.parseInt(header[0]);
      int outLength = Integer.parseInt(header[1]);
      int errLength = Integer.parseInt(header[2]);
      int start = newline + 1;
      if (header.length != 3 || start + outLength + errLength != body.length) {
        throw new MalformedFrame("the header does not match the body's length");
      }
      return new Reply(
          code,
          new String(Arrays.copyOfRange(body, start, start + outLength), StandardCharsets.UTF_8),
          new String(
              Arrays.copyOfRange(body, start + outLength, body.length), StandardCharsets.UTF_8));
    } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
      throw new MalformedFrame("the header is not <exit-code> <stdout-bytes> <stderr-bytes>");
    }
  }

  private static void writeField(ByteArrayOutputStream out, String field) {
    out.writeBytes(field.getBytes(StandardCharsets.UTF_8));
    out.write(0);
  }

  private static int indexOfNul(byte[] body, int from) {
    for (int i = from; i < body.length; i++) {
      if (body[i] == 0) {
        return i;
      }
    }
    return -1;
  }
}
