package io.caasoperator.pebble.process;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.Map;
import java.util.Optional;

/**
 * Signals by name (Linux numbering, as {@code unix.SignalNum} knows them) and {@code kill(2)}
 * through JNA: the JDK can only send TERM or KILL to one process, while Pebble signals whole
 * process groups and forwards any signal.
 */
public final class Signals {
  private static final Map<String, Integer> NUMBERS =
      Map.ofEntries(
          Map.entry("SIGHUP", 1),
          Map.entry("SIGINT", 2),
          Map.entry("SIGQUIT", 3),
          Map.entry("SIGILL", 4),
          Map.entry("SIGTRAP", 5),
          Map.entry("SIGABRT", 6),
          Map.entry("SIGIOT", 6),
          Map.entry("SIGBUS", 7),
          Map.entry("SIGFPE", 8),
          Map.entry("SIGKILL", 9),
          Map.entry("SIGUSR1", 10),
          Map.entry("SIGSEGV", 11),
          Map.entry("SIGUSR2", 12),
          Map.entry("SIGPIPE", 13),
          Map.entry("SIGALRM", 14),
          Map.entry("SIGTERM", 15),
          Map.entry("SIGSTKFLT", 16),
          Map.entry("SIGCHLD", 17),
          Map.entry("SIGCONT", 18),
          Map.entry("SIGSTOP", 19),
          Map.entry("SIGTSTP", 20),
          Map.entry("SIGTTIN", 21),
          Map.entry("SIGTTOU", 22),
          Map.entry("SIGURG", 23),
          Map.entry("SIGXCPU", 24),
          Map.entry("SIGXFSZ", 25),
          Map.entry("SIGVTALRM", 26),
          Map.entry("SIGPROF", 27),
          Map.entry("SIGWINCH", 28),
          Map.entry("SIGIO", 29),
          Map.entry("SIGPOLL", 29),
          Map.entry("SIGPWR", 30),
          Map.entry("SIGSYS", 31));

  public static final int SIGTERM = 15;
  public static final int SIGKILL = 9;

  private interface LibC extends Library {
    int kill(int pid, int sig) throws LastErrorException;

    int getuid();

    int getgid();
  }

  private static final class Holder {
    static final LibC LIBC = Native.load("c", LibC.class);
  }

  private Signals() {}

  /** The number of a signal named like {@code SIGHUP}; empty for an unknown name. */
  public static Optional<Integer> number(String name) {
    return Optional.ofNullable(NUMBERS.get(name));
  }

  /**
   * Sends {@code signal} to one process. @throws IllegalStateException with the errno when kill(2)
   * fails
   */
  public static void toProcess(long pid, int signal) {
    kill((int) pid, signal);
  }

  /**
   * Sends {@code signal} to every process of the group led by {@code pgid} (kill(2) with -pgid).
   */
  public static void toGroup(long pgid, int signal) {
    kill((int) -pgid, signal);
  }

  public static int currentUid() {
    return Holder.LIBC.getuid();
  }

  public static int currentGid() {
    return Holder.LIBC.getgid();
  }

  private static void kill(int pid, int signal) {
    try {
      Holder.LIBC.kill(pid, signal);
    } catch (LastErrorException e) {
      throw new IllegalStateException(
          "kill(" + pid + ", " + signal + "): errno " + e.getErrorCode(), e);
    }
  }
}
