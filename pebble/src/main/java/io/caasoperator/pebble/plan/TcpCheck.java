package io.caasoperator.pebble.plan;

/**
 * A {@code tcp:} check: a connection to {@code host} (default localhost) and {@code port} opens. 0
 * = unset port.
 */
public record TcpCheck(int port, String host) {
  public TcpCheck merge(TcpCheck over) {
    return new TcpCheck(over.port != 0 ? over.port : port, over.host.isEmpty() ? host : over.host);
  }
}
