package io.caasoperator.substrate;

/** A running watch on a substrate source; closing it stops all callbacks. */
public interface Watch extends AutoCloseable {
  @Override
  void close();
}
