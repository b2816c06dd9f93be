package io.caasoperator.hooktool.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class HookToolFramingTest {

  @Test
  void callsRoundTripWithEmptyArgumentsAndStdin() {
    List<String> args = List.of("", "a b", "line\nbreak", "ünïcødé ✓", "-");
    byte[] body = HookToolFraming.encodeCall(args, "k: v\n");

    assertThat(HookToolFraming.decodeCall(body))
        .isEqualTo(new HookToolFraming.Call(args, "k: v\n"));
    assertThat(HookToolFraming.decodeCall(HookToolFraming.encodeCall(List.of(), "")))
        .isEqualTo(new HookToolFraming.Call(List.of(), ""));
  }

  @Test
  void theCallFormatIsWhatTheShimWrites() {
    byte[] body = "2\0a\0\0stdin".getBytes(StandardCharsets.UTF_8);

    assertThat(HookToolFraming.decodeCall(body))
        .isEqualTo(new HookToolFraming.Call(List.of("a", ""), "stdin"));
  }

  @Test
  void malformedCallsAreRefused() {
    assertThatThrownBy(() -> HookToolFraming.decodeCall("no nul".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(HookToolFraming.MalformedFrame.class);
    assertThatThrownBy(() -> HookToolFraming.decodeCall("x\0".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("not a number");
    assertThatThrownBy(
            () -> HookToolFraming.decodeCall("3\0a\0b\0".getBytes(StandardCharsets.UTF_8)))
        .hasMessage("expected 3 arguments, found 2");
  }

  @Test
  void repliesCountBytesNotCharacters() {
    byte[] body = HookToolFraming.encodeReply(3, "é\n", "ERROR x\n");

    assertThat(new String(body, StandardCharsets.UTF_8)).isEqualTo("3 3 8\né\nERROR x\n");
    assertThat(HookToolFraming.decodeReply(body))
        .isEqualTo(new HookToolFraming.Reply(3, "é\n", "ERROR x\n"));
  }
}
