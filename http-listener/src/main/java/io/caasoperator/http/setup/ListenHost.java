package io.caasoperator.http.setup;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The address the listener binds to, as the user wrote it: an IPv4 or IPv6 literal or a host name.
 * Answers what the listener and the certificate need to know about it without ever doing a DNS
 * lookup (a validation that blocks on DNS at start-up is worse than none).
 *
 * @param value a literal ({@code 127.0.0.1}, {@code ::1}, {@code [::1]}) or a name ({@code
 *     localhost})
 */
public record ListenHost(String value) {

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  public ListenHost {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("listen host must not be blank");
    }
    value = value.strip();
    if (value.startsWith("[") && value.endsWith("]")) {
      value = value.substring(1, value.length() - 1);
    }
  }

  /** The address when {@link #value} is an IP literal; empty for a name. */
  public Optional<InetAddress> ipLiteral() {
    if (!IPV4.matcher(value).matches() && !value.contains(":")) {
      return Optional.empty();
    }
    try {
      // A literal is parsed, never looked up.
      return Optional.of(InetAddress.getByName(value));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }

  /** {@code localhost} or an address in 127.0.0.0/8 or {@code ::1}. */
  public boolean isLoopback() {
    return value.toLowerCase(Locale.ROOT).equals("localhost")
        || ipLiteral().map(InetAddress::isLoopbackAddress).orElse(false);
  }

  /** {@code 0.0.0.0} or {@code ::}: every interface, and not a name a client can connect to. */
  public boolean isWildcard() {
    return ipLiteral().map(InetAddress::isAnyLocalAddress).orElse(false);
  }

  /** The host as it goes into a URL: IPv6 literals in brackets. */
  public String forUrl() {
    return value.contains(":") ? "[" + value + "]" : value;
  }

  @Override
  public String toString() {
    return value;
  }
}
