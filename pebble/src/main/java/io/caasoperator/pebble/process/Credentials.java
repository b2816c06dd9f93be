package io.caasoperator.pebble.process;

/** A user and group id to run a process as. */
public record Credentials(int uid, int gid) {}
