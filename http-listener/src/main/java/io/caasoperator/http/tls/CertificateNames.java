package io.caasoperator.http.tls;

import io.caasoperator.http.setup.ListenHost;
import java.net.InetAddress;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The host names and addresses the listener's certificate must name, so that every client that
 * verifies it ({@code curl --cacert} in a hook tool, the CLI) accepts it under the name it used:
 * the listen host (unless it is a wildcard such as {@code 0.0.0.0}, which nobody connects to),
 * {@code localhost} and {@code 127.0.0.1} (the CLI on this machine), then the names clients
 * elsewhere use (the host of {@code --service-url}, the pod's IP).
 *
 * @param hosts DNS names in lower case and IP literals in their canonical form, without duplicates,
 *     in the order given
 */
public record CertificateNames(List<String> hosts) {

  // RFC 1123 labels; no wildcards: a certificate the operator makes names real hosts only.
  private static final Pattern DNS_NAME =
      Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");

  public CertificateNames {
    if (hosts == null || hosts.isEmpty()) {
      throw new IllegalArgumentException("a certificate needs at least one name");
    }
    Set<String> canonical = new LinkedHashSet<>();
    for (String host : hosts) {
      canonical.add(canonical(host));
    }
    hosts = List.copyOf(canonical);
  }

  /**
   * The names for a listener bound to {@code listenHost} and reached also as {@code otherHosts};
   * throws IllegalArgumentException naming a host that is neither an IP address nor a DNS name.
   */
  public static CertificateNames forListener(String listenHost, Collection<String> otherHosts) {
    List<String> hosts = new ArrayList<>();
    ListenHost listen = new ListenHost(listenHost);
    if (!listen.isWildcard()) {
      hosts.add(listen.value());
    }
    hosts.add("localhost");
    hosts.add("127.0.0.1");
    hosts.addAll(otherHosts);
    return new CertificateNames(hosts);
  }

  /**
   * The hosts of this set that {@code certificate} does not name, in order: empty when every client
   * of the listener can verify it. A wildcard DNS name in a certificate someone else made ({@code
   * *.demo.svc}) covers one label, as in hostname verification.
   */
  public List<String> missingFrom(X509Certificate certificate) {
    List<String> dnsNames = new ArrayList<>();
    List<InetAddress> addresses = new ArrayList<>();
    try {
      Collection<List<?>> entries = certificate.getSubjectAlternativeNames();
      for (List<?> entry : entries == null ? List.<List<?>>of() : entries) {
        int type = (Integer) entry.get(0);
        String value = String.valueOf(entry.get(1));
        if (type == 2) {
          dnsNames.add(value.toLowerCase(Locale.ROOT));
        } else if (type == 7) {
          new ListenHost(value).ipLiteral().ifPresent(addresses::add);
        }
      }
    } catch (CertificateParsingException e) {
      // Unreadable names name nothing: every host is missing, and a generated one is remade.
      return hosts;
    }
    List<String> missing = new ArrayList<>();
    for (String host : hosts) {
      Optional<InetAddress> ip = new ListenHost(host).ipLiteral();
      boolean named =
          ip.isPresent()
              ? addresses.contains(ip.get())
              : dnsNames.stream().anyMatch(name -> matches(name, host));
      if (!named) {
        missing.add(host);
      }
    }
    return List.copyOf(missing);
  }

  private static boolean matches(String pattern, String host) {
    if (pattern.startsWith("*.")) {
      int dot = host.indexOf('.');
      return dot > 0 && host.substring(dot + 1).equals(pattern.substring(2));
    }
    return pattern.equals(host);
  }

  private static String canonical(String host) {
    ListenHost parsed = new ListenHost(host);
    Optional<InetAddress> ip = parsed.ipLiteral();
    if (ip.isPresent()) {
      return ip.get().getHostAddress();
    }
    String name = parsed.value().toLowerCase(Locale.ROOT);
    if (name.length() > 253 || !DNS_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "\"" + host + "\" is neither an IP address nor a DNS name" + " a certificate can name");
    }
    return name;
  }
}
