package io.caasoperator.http;

import io.caasoperator.http.setup.ListenHost;
import io.caasoperator.http.tls.ListenerTls;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how the HTTP listener binds. Validated here so a bad combination fails at start-up with
 * a sentence the user can act on, not at the first request.
 *
 * @param host interface to bind: an IP literal or a name; see {@link ListenHost}
 * @param port 0..65535; 0 picks a free port (tests), the bound one is in the binding
 * @param insecureHttp plain HTTP; only on a loopback address, because the admin token would
 *     otherwise cross the network in clear text
 * @param tls the certificate to serve; required unless {@code insecureHttp}
 * @param maxRequestBytes largest request body a route may read; larger bodies get 413
 */
public record ListenerSettings(
    String host, int port, boolean insecureHttp, Optional<ListenerTls> tls, long maxRequestBytes) {

  /** 1 MiB: an exec request or a hook-tool call is a few kilobytes; more is a mistake or abuse. */
  public static final long DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;

  public ListenerSettings {
    Objects.requireNonNull(tls, "tls");
    ListenHost listenHost = new ListenHost(host);
    host = listenHost.value();
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("listen port must be between 0 and 65535, got " + port);
    }
    if (insecureHttp && !listenHost.isLoopback()) {
      throw new IllegalArgumentException(
          "--insecure-http needs a loopback listen address, got " + listenHost.value());
    }
    if (insecureHttp && tls.isPresent()) {
      throw new IllegalArgumentException(
          "--insecure-http and a TLS certificate exclude each other");
    }
    if (!insecureHttp && tls.isEmpty()) {
      throw new IllegalArgumentException(
          "HTTPS needs a certificate: give one or use --insecure-http on loopback");
    }
    if (maxRequestBytes <= 0) {
      throw new IllegalArgumentException(
          "maxRequestBytes must be positive, got " + maxRequestBytes);
    }
  }

  /** Settings with the default body limit. */
  public ListenerSettings(String host, int port, boolean insecureHttp, Optional<ListenerTls> tls) {
    this(host, port, insecureHttp, tls, DEFAULT_MAX_REQUEST_BYTES);
  }

  public String scheme() {
    return insecureHttp ? "http" : "https";
  }

  /**
   * The URL a local client uses to reach the listener bound at {@code bound}: a wildcard bind is
   * reached through 127.0.0.1, which the generated certificate names.
   */
  public URI localUrl(InetSocketAddress bound) {
    ListenHost listenHost = new ListenHost(host);
    String urlHost = listenHost.isWildcard() ? "127.0.0.1" : listenHost.forUrl();
    return URI.create(scheme() + "://" + urlHost + ":" + bound.getPort());
  }
}
