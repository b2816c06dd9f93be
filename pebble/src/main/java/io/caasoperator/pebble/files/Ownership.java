package io.caasoperator.pebble.files;

import java.util.Optional;

/**
 * Who should own what a request writes ({@code user-id}, {@code user}, {@code group-id}, {@code
 * group}) and with which permissions ({@code "644"}); absent means Pebble's default (0644 files,
 * 0755 directories, the operator's own user).
 */
public record Ownership(
    String permissions,
    Optional<Integer> userId,
    String user,
    Optional<Integer> groupId,
    String group) {
  public static final Ownership DEFAULT =
      new Ownership("", Optional.empty(), "", Optional.empty(), "");
}
