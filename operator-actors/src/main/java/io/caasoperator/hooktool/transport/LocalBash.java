package io.caasoperator.hooktool.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finds a bash on this machine that can open a TCP connection itself ({@code /dev/tcp}, which a
 * distribution may compile out): the fast hook-tool client needs exactly that. Asked once, when the
 * tools are installed, by trying it against a loopback socket of this JVM.
 */
public final class LocalBash {

  /** Where bash lives on the distributions we know of, in order. */
  static final List<Path> CANDIDATES =
      List.of(Path.of("/bin/bash"), Path.of("/usr/bin/bash"), Path.of("/usr/local/bin/bash"));

  private static final int PROBE_SECONDS = 10;

  private LocalBash() {}

  /** The first candidate that connected to a loopback socket, if any. */
  public static Optional<Path> find() {
    for (Path bash : CANDIDATES) {
      if (Files.isExecutable(bash) && connects(bash)) return Optional.of(bash);
    }
    return Optional.empty();
  }

  /** Whether {@code bash} opens {@code /dev/tcp/127.0.0.1/<port>} of a socket listening here. */
  static boolean connects(Path bash) {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Process probe =
          new ProcessBuilder(
                  bash.toString(),
                  "-p",
                  "-c",
                  "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort() + " && printf ok >&3")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      // The kernel completes the connection in the backlog: once bash has exited, whatever
      // it sent is waiting there, and a bash without /dev/tcp has failed without connecting.
      if (!probe.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
        probe.destroyForcibly();
        return false;
      }
      if (probe.exitValue() != 0) return false;
      server.setSoTimeout(1000);
      try (Socket accepted = server.accept()) {
        accepted.setSoTimeout(1000);
        byte[] said = accepted.getInputStream().readNBytes(2);
        return new String(said, StandardCharsets.US_ASCII).equals("ok");
      } catch (SocketTimeoutException e) {
        return false;
      }
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
