package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.dsl.internal.ExecWebSocketListener;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RemoteCommandTest {

  @Test
  void theNewestVersionBothSidesSpeakIsChosen() {
    assertThat(RemoteCommand.negotiate(List.of(RemoteCommand.V4, RemoteCommand.V5)))
        .contains(RemoteCommand.V5);
    assertThat(RemoteCommand.negotiate(List.of("v4.channel.k8s.io"))).contains(RemoteCommand.V4);
    assertThat(RemoteCommand.negotiate(List.of("channel.k8s.io", "base64.channel.k8s.io")))
        .isEmpty();
    assertThat(RemoteCommand.negotiate(List.of())).isEqualTo(Optional.empty());
  }

  @Test
  void channelZeroIsStdinAndOnlyV5CanCloseIt() {
    assertThat(RemoteCommand.read(RemoteCommand.V4, new byte[] {0, 'h', 'i'}))
        .isInstanceOfSatisfying(
            RemoteCommand.Incoming.Stdin.class,
            s -> assertThat(s.data()).containsExactly('h', 'i'));
    assertThat(RemoteCommand.read(RemoteCommand.V5, new byte[] {(byte) 255, 0}))
        .isEqualTo(new RemoteCommand.Incoming.CloseStdin());
    assertThat(RemoteCommand.read(RemoteCommand.V4, new byte[] {(byte) 255, 0}))
        .isEqualTo(new RemoteCommand.Incoming.Ignored(255));
    assertThat(RemoteCommand.read(RemoteCommand.V5, new byte[] {4, '{', '}'}))
        .isEqualTo(new RemoteCommand.Incoming.Ignored(4));
  }

  @Test
  void aFrameIsTheChannelByteThenTheData() {
    assertThat(RemoteCommand.frame(RemoteCommand.STDOUT, new byte[] {'o', 'k', 'x'}, 2))
        .containsExactly(1, 'o', 'k');
  }

  /** The status frame read by fabric8's own parser, as the operator's exec reads it. */
  @Test
  void theStatusCarriesTheExitCodeAsClientsParseIt() throws Exception {
    ObjectMapper json = new ObjectMapper();
    Status success = json.readValue(RemoteCommand.status(0), Status.class);
    Status failure = json.readValue(RemoteCommand.status(3), Status.class);

    assertThat(success.getStatus()).isEqualTo("Success");
    assertThat(ExecWebSocketListener.parseExitCode(success)).isZero();
    assertThat(failure.getStatus()).isEqualTo("Failure");
    assertThat(failure.getReason()).isEqualTo("NonZeroExitCode");
    assertThat(failure.getDetails().getCauses())
        .singleElement()
        .satisfies(
            cause -> {
              assertThat(cause.getReason()).isEqualTo("ExitCode");
              assertThat(cause.getMessage()).isEqualTo("3");
            });
    assertThat(ExecWebSocketListener.parseExitCode(failure)).isEqualTo(3);
  }
}
