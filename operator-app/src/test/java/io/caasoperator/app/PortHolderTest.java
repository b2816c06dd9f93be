package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A listen port already taken: who holds it, in the one line run prints. */
class PortHolderTest {

  @Test
  void theListeningSocketsOfAPortAreFoundInTheKernelsTable() {
    List<String> table =
        List.of(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
            "   0: 0100007F:77BA 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4711 1 0 100 0 0 10 0",
            "   1: 0100007F:77BA 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 4712 1 0 20 4 30 10 -1",
            "   2: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 815 1 0 100 0 0 10 0");

    assertThat(PortHolder.listeningInodes(table, 30650)).containsExactly("4711");
    assertThat(PortHolder.listeningInodes(table, 22)).containsExactly("815");
    assertThat(PortHolder.listeningInodes(table, 80)).isEmpty();
  }

  @Test
  void aPortThisProcessListensOnIsNamedWithItsPid() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      assertThat(PortHolder.inUse("127.0.0.1", port))
          .hasValueSatisfying(
              message ->
                  assertThat(message)
                      .startsWith(
                          "cannot listen on 127.0.0.1:"
                              + port
                              + ": the port is in use by pid "
                              + ProcessHandle.current().pid())
                      .endsWith(
                          "; stop it, or give another --listen HOST:PORT (port 0 picks a free one)"));
    }
  }

  @Test
  void aFreePortAndPortZeroAreFine() throws Exception {
    int free;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      free = socket.getLocalPort();
    }
    assertThat(PortHolder.inUse("127.0.0.1", free)).isEmpty();
    assertThat(PortHolder.inUse("127.0.0.1", 0)).isEmpty();
  }

  @Test
  void onlyABindFailureDeepInAStartUpFailureIsAPortInUse() {
    Exception bind =
        new IllegalStateException("bind failed", new BindException("Address already in use"));

    assertThat(PortHolder.bindFailure(bind, "127.0.0.1", 1))
        .hasValueSatisfying(m -> assertThat(m).contains("127.0.0.1:1"));
    assertThat(PortHolder.bindFailure(new IllegalStateException("journal down"), "127.0.0.1", 1))
        .isEmpty();
  }
}
