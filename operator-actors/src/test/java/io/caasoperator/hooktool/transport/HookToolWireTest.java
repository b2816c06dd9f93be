package io.caasoperator.hooktool.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HookToolWireTest {

  private static HookToolWire.Request read(byte[] bytes, long limit) throws IOException {
    InputStream in = new ByteArrayInputStream(bytes);
    return HookToolWire.readBody(HookToolWire.readHeader(in), in, limit);
  }

  @Test
  void aCallArrivesWithItsArgumentsAndInputExactly() throws Exception {
    List<String> args = List.of("--file", "-", "", "two\nlines", "ünï ✓", "%s\\0");
    byte[] stdin = "a: 1\nb: \"x\"\n".getBytes(StandardCharsets.UTF_8);

    HookToolWire.Request request =
        read(HookToolWire.encodeRequest("state-set", "t0k3n", args, stdin, 5), 1 << 20);

    assertThat(request)
        .isEqualTo(
            new HookToolWire.Request(
                new HookToolWire.Header("state-set", "t0k3n"), args, "a: 1\nb: \"x\"\n"));
  }

  @Test
  void aCallWithoutArgumentsOrInputOrToken() throws Exception {
    HookToolWire.Request request =
        read(HookToolWire.encodeRequest("is-leader", "", List.of(), new byte[0], 1), 100);

    assertThat(request)
        .isEqualTo(
            new HookToolWire.Request(new HookToolWire.Header("is-leader", ""), List.of(), ""));
  }

  @Test
  void inputWithNulBytesArrivesWhole() throws Exception {
    byte[] stdin = {'a', 0, 'b', 0, 0, 'c'};

    HookToolWire.Request request =
        read(HookToolWire.encodeRequest("state-set", "t", List.of(), stdin, 2), 100);

    assertThat(request.stdin()).isEqualTo("a\0b\0\0c");
  }

  @Test
  void aRequestOverTheLimitIsReadToItsEndThenRefused() throws Exception {
    byte[] stdin = new byte[3000];
    Arrays.fill(stdin, (byte) 'x');
    byte[] request =
        HookToolWire.encodeRequest("state-set", "t", List.of("--file", "-"), stdin, 1000);
    byte[] followedByMore = Arrays.copyOf(request, request.length + 3);
    System.arraycopy(
        "end".getBytes(StandardCharsets.US_ASCII), 0, followedByMore, request.length, 3);
    InputStream in = new ByteArrayInputStream(followedByMore);

    assertThatThrownBy(() -> HookToolWire.readBody(HookToolWire.readHeader(in), in, 2048))
        .isInstanceOf(HookToolWire.TooLarge.class)
        .hasMessage("request body is larger than the limit of 2048 bytes");
    assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII))
        .as("what follows the request")
        .isEqualTo("end");
  }

  @Test
  void argumentsCountTowardsTheLimit() {
    byte[] request =
        HookToolWire.encodeRequest("juju-log", "t", List.of("x".repeat(200)), new byte[0], 1);

    assertThatThrownBy(() -> read(request, 100)).isInstanceOf(HookToolWire.TooLarge.class);
  }

  @Test
  void malformedRequestsAreNamed() {
    assertThatThrownBy(() -> read("http/1.1\0x\0t\0000\0".getBytes(StandardCharsets.US_ASCII), 100))
        .isInstanceOf(HookToolWire.MalformedRequest.class)
        .hasMessageContaining("expected caas-hook-tool/1");
    assertThatThrownBy(
            () ->
                read("caas-hook-tool/1\0../etc\0t\0000\0".getBytes(StandardCharsets.US_ASCII), 100))
        .isInstanceOf(HookToolWire.MalformedRequest.class)
        .hasMessageContaining("not a tool name");
    assertThatThrownBy(
            () ->
                read(
                    "caas-hook-tool/1\0is-leader\0t\0x\0".getBytes(StandardCharsets.US_ASCII), 100))
        .isInstanceOf(HookToolWire.MalformedRequest.class)
        .hasMessageContaining("argument count");
    assertThatThrownBy(
            () ->
                read(
                    "caas-hook-tool/1\0is-leader\0t\0002\0a\0".getBytes(StandardCharsets.US_ASCII),
                    100))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("argument 2");
    assertThatThrownBy(
            () ->
                read(
                    "caas-hook-tool/1\0is-leader\0t\0000\0-1\0".getBytes(StandardCharsets.US_ASCII),
                    100))
        .isInstanceOf(HookToolWire.MalformedRequest.class)
        .hasMessageContaining("chunk size");
    assertThatThrownBy(
            () ->
                read(
                    ("caas-hook-tool/1\0is-leader\0" + "t".repeat(600) + "\0")
                        .getBytes(StandardCharsets.US_ASCII),
                    100))
        .isInstanceOf(HookToolWire.MalformedRequest.class)
        .hasMessageContaining("too long");
  }

  @Test
  void aPlainReplyCarriesTheBytesAsTheyAre() throws Exception {
    byte[] reply = HookToolWire.encodeReply(3, "out ✓\\n\n", "ERROR bad\n");

    assertThat(new String(reply, StandardCharsets.UTF_8)).startsWith("3 10 10 raw\nout ✓\\n\n");
    assertThat(HookToolWire.decodeReply(reply))
        .isEqualTo(new HookToolFraming.Reply(3, "out ✓\\n\n", "ERROR bad\n"));
  }

  @Test
  void aReplyWithNulBytesIsEscapedForPrintfB() throws Exception {
    byte[] reply = HookToolWire.encodeReply(0, "a\0001\\b", "");

    assertThat(new String(reply, StandardCharsets.US_ASCII))
        .isEqualTo("0 10 0 escaped\na\\00001\\\\b");
    assertThat(HookToolWire.decodeReply(reply))
        .isEqualTo(new HookToolFraming.Reply(0, "a\0001\\b", ""));
  }
}
