package io.caasoperator.pebble.users;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Users and groups read from passwd and group files, as Go's pure {@code os/user} reads them
 * (Pebble resolves {@code user:} and {@code group:} with it). Files are read on each lookup: they
 * are small and may change.
 */
public final class UserDatabase {
  private final Path passwd;
  private final Path group;

  /** A user entry: name, uid, primary gid, home directory. */
  public record User(String name, int uid, int gid, String home) {}

  /** A group entry: name and gid. */
  public record Group(String name, int gid) {}

  public UserDatabase(Path passwd, Path group) {
    this.passwd = passwd;
    this.group = group;
  }

  /** This machine's {@code /etc/passwd} and {@code /etc/group}. */
  public static UserDatabase system() {
    return new UserDatabase(Path.of("/etc/passwd"), Path.of("/etc/group"));
  }

  public Optional<User> userByName(String name) {
    return users().stream().filter(u -> u.name().equals(name)).findFirst();
  }

  public Optional<User> userById(int uid) {
    return users().stream().filter(u -> u.uid() == uid).findFirst();
  }

  public Optional<Group> groupByName(String name) {
    return groups().stream().filter(g -> g.name().equals(name)).findFirst();
  }

  public Optional<Group> groupById(int gid) {
    return groups().stream().filter(g -> g.gid() == gid).findFirst();
  }

  /**
   * osutil.NormalizeUidGid: names resolve to ids (and must agree with ids given alongside), a user
   * without a group runs with the user's primary group, a group without a user is refused. Empty
   * when nothing was asked.
   *
   * @throws IllegalArgumentException with Pebble's message for an unknown name or a mismatch
   */
  public Optional<Credentials> normalize(
      Optional<Integer> uid, Optional<Integer> gid, String user, String group) {
    if (uid.isEmpty() && gid.isEmpty() && user.isEmpty() && group.isEmpty()) {
      return Optional.empty();
    }
    Optional<Integer> u = named("user", "UID", user, uid, () -> userByName(user).map(User::uid));
    Optional<Integer> g =
        named("group", "GID", group, gid, () -> groupByName(group).map(Group::gid));
    if (u.isEmpty()) {
      throw new IllegalArgumentException("must specify user, not just group");
    }
    if (g.isEmpty()) {
      int id = u.get();
      g =
          Optional.of(
              userById(id)
                  .orElseThrow(() -> new IllegalArgumentException("user: unknown userid " + id))
                  .gid());
    }
    return Optional.of(new Credentials(u.get(), g.get()));
  }

  /**
   * The id a user or group {@code name} resolves to, which must agree with the id given alongside
   * it; the given id as it is when no name was given. Pebble's messages, e.g. {@code user "web" UID
   * (1000) does not match user-id (0)}.
   *
   * @param kind {@code user} or {@code group}
   * @param idName how Pebble names the resolved id: {@code UID} or {@code GID}
   */
  private static Optional<Integer> named(
      String kind,
      String idName,
      String name,
      Optional<Integer> given,
      Supplier<Optional<Integer>> lookup) {
    if (name.isEmpty()) return given;
    int found =
        lookup
            .get()
            .orElseThrow(
                () -> new IllegalArgumentException(kind + ": unknown " + kind + " " + name));
    if (given.isPresent() && given.get() != found) {
      throw new IllegalArgumentException(
          kind
              + " \""
              + name
              + "\" "
              + idName
              + " ("
              + found
              + ") does not match "
              + kind
              + "-id ("
              + given.get()
              + ")");
    }
    return Optional.of(found);
  }

  private List<User> users() {
    return lines(passwd).stream()
        .map(l -> l.split(":", -1))
        .filter(f -> f.length >= 6 && isInt(f[2]) && isInt(f[3]))
        .map(f -> new User(f[0], Integer.parseInt(f[2]), Integer.parseInt(f[3]), f[5]))
        .toList();
  }

  private List<Group> groups() {
    return lines(group).stream()
        .map(l -> l.split(":", -1))
        .filter(f -> f.length >= 3 && isInt(f[2]))
        .map(f -> new Group(f[0], Integer.parseInt(f[2])))
        .toList();
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file).stream()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static boolean isInt(String s) {
    try {
      Integer.parseInt(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
