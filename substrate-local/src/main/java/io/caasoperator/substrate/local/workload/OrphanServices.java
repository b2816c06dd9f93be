package io.caasoperator.substrate.local.workload;

import io.caasoperator.pebble.process.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What happens to services after the operator was killed ({@code kill -9}): a Pebble's services run
 * in process groups of their own and outlive it. They are not adopted (their output pipes went with
 * the old process, and Pebble's state machine cannot take over a process it did not start); a
 * restarted operator stops them, SIGKILL to each journaled group that still exists, before the
 * container's new Pebble starts and {@code <container>-pebble-ready} runs again, in which the charm
 * replans, as it does after a pod restart on Kubernetes. Blocking: off actor threads.
 */
final class OrphanServices {
  private OrphanServices() {}

  /**
   * Kills each group that still leads its own session ({@code setsid} made the service's pid its
   * group and session id), so a recycled pid of an unrelated process is left alone.
   *
   * @return the groups that were still there and were killed
   */
  static List<Long> stop(Collection<Long> groups) {
    List<Long> killed = new ArrayList<>();
    for (long group : groups) {
      if (leadsItsSession(group)) {
        try {
          Signals.toGroup(group, Signals.SIGKILL);
          killed.add(group);
        } catch (IllegalStateException e) {
          // ended between the look and the signal
        }
      }
    }
    return killed;
  }

  /** {@code /proc/<pid>/stat}: pid (comm) state ppid pgrp session ... */
  static boolean leadsItsSession(long pid) {
    String stat;
    try {
      stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      return false;
    }
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return fields.length > 3
        && fields[2].equals(Long.toString(pid))
        && fields[3].equals(Long.toString(pid));
  }
}
