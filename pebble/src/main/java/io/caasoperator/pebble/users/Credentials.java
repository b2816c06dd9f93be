package io.caasoperator.pebble.users;

/** A user and group id to run a process as. */
public record Credentials(int uid, int gid) {}
