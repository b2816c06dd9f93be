package io.caasoperator.hooktool;

import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A port or port range a unit has opened, as {@code open-port} takes it: {@code 80/tcp}, {@code
 * 8000-8010/udp} or {@code icmp}. A single port has {@code fromPort == toPort}; icmp has no port
 * and, as in Juju, carries {@code -1} for both ends.
 *
 * @param fromPort first port of the range, 1..65535 ({@code -1} for icmp)
 * @param toPort last port of the range, {@code >= fromPort} ({@code -1} for icmp)
 * @param protocol {@code tcp}, {@code udp} or {@code icmp}
 */
public record Port(int fromPort, int toPort, String protocol) implements Comparable<Port> {

  private static final String FORMAT = "<port>[/<protocol>] or <from>-<to>[/<protocol>] or icmp";
  private static final Pattern SYNTAX = Pattern.compile("([0-9]+)(?:-([0-9]+))?(?:/([a-z0-9]+))?");
  private static final Comparator<Port> ORDER =
      Comparator.comparing(Port::protocol)
          .thenComparingInt(Port::fromPort)
          .thenComparingInt(Port::toPort);

  public Port {
    if (protocol == null) {
      throw new IllegalArgumentException("port needs a protocol");
    }
    protocol = protocol.toLowerCase(Locale.ROOT);
    if (protocol.equals("icmp")) {
      if (fromPort != -1 || toPort != -1) {
        throw new IllegalArgumentException(
            "protocol \"icmp\" doesn't support any ports; got \"" + fromPort + "\"");
      }
    } else {
      if (!protocol.equals("tcp") && !protocol.equals("udp")) {
        throw new IllegalArgumentException(
            "protocol must be \"tcp\", \"udp\", or \"icmp\"; got \"" + protocol + "\"");
      }
      if (fromPort > toPort) {
        throw new IllegalArgumentException(
            "invalid port range "
                + fromPort
                + "-"
                + toPort
                + "/"
                + protocol
                + "; expected fromPort <= toPort");
      }
      if (fromPort < 1 || toPort > 65535) {
        throw new IllegalArgumentException(
            "port must be in the range [1, 65535]; got \""
                + (fromPort < 1 ? fromPort : toPort)
                + "\"");
      }
    }
  }

  /** One port. */
  public static Port of(int number, String protocol) {
    return new Port(number, number, protocol);
  }

  /** A range of ports. */
  public static Port range(int from, int to, String protocol) {
    return new Port(from, to, protocol);
  }

  /** icmp: no port numbers. */
  public static Port icmp() {
    return new Port(-1, -1, "icmp");
  }

  /**
   * Parses what {@code open-port}/{@code close-port} take; the protocol defaults to tcp.
   *
   * @throws IllegalArgumentException with Juju's wording when {@code text} is not a port
   */
  public static Port parse(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.equals("icmp")) {
      return icmp();
    }
    Matcher m = SYNTAX.matcher(lower);
    if (!m.matches()) {
      throw new IllegalArgumentException("expected " + FORMAT + "; got \"" + text + "\"");
    }
    String protocol = m.group(3) == null ? "tcp" : m.group(3);
    int from = number(m.group(1));
    int to = m.group(2) == null ? from : number(m.group(2));
    return new Port(from, to, protocol);
  }

  private static int number(String digits) {
    // More digits than an int holds is still "not a port", not a NumberFormatException.
    return digits.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(digits);
  }

  /** How {@code opened-ports} prints it: {@code 80/tcp}, {@code 8000-8010/udp}, {@code icmp}. */
  @Override
  public String toString() {
    if (protocol.equals("icmp")) {
      return "icmp";
    }
    return (fromPort == toPort ? String.valueOf(fromPort) : fromPort + "-" + toPort)
        + "/"
        + protocol;
  }

  @Override
  public int compareTo(Port other) {
    return ORDER.compare(this, other);
  }
}
