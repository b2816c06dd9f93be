package io.caasoperator.pebble.files;

import io.caasoperator.pebble.users.Credentials;
import io.caasoperator.pebble.users.UserDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The file operations of {@code /v1/files} (internals/daemon/api_files.go) on container paths:
 * read, list, write (atomically, with permissions and owner), make directories, remove. Errors come
 * back as Pebble reports them, with the container path in the message, never the host path.
 */
public final class FileService {
  private final PathMapper paths;
  private final UserDatabase users;

  public FileService(PathMapper paths, UserDatabase users) {
    this.paths = paths;
    this.users = users;
  }

  /** Opens a regular file for reading ({@code readFile}). */
  public InputStream openForRead(String path) throws FileProblem {
    Path host = host(path);
    BasicFileAttributes attrs = stat(path, host, true);
    if (!attrs.isRegularFile()) {
      throw new FileProblem(FileError.generic("can only read a regular file: \"" + path + "\""));
    }
    try {
      return Files.newInputStream(host);
    } catch (IOException e) {
      throw problem("open", path, e);
    }
  }

  /**
   * Lists a directory, or describes the path itself when it is not a directory or {@code itself} is
   * set.
   */
  public List<FileInfo> list(String path, String pattern, boolean itself) throws FileProblem {
    Path host = host(path);
    BasicFileAttributes attrs = stat(path, host, true);
    PathMatcher matcher = null;
    if (!pattern.isEmpty()) {
      try {
        matcher = host.getFileSystem().getPathMatcher("glob:" + pattern);
      } catch (IllegalArgumentException e) {
        throw new FileProblem(FileError.generic("syntax error in pattern"));
      }
    }
    List<FileInfo> out = new ArrayList<>();
    if (!attrs.isDirectory() || itself) {
      String name = path.equals("/") ? "/" : Path.of(path).getFileName().toString();
      if (matcher == null || matcher.matches(Path.of(name))) {
        out.add(info(path, host, true));
      }
      return out;
    }
    List<Path> children;
    try (Stream<Path> s = Files.list(host)) {
      children = s.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
    } catch (IOException e) {
      throw problem("open", path, e);
    }
    String dir = path.endsWith("/") ? path : path + "/";
    for (Path child : children) {
      String name = child.getFileName().toString();
      if (matcher == null || matcher.matches(Path.of(name))) {
        out.add(info(dir + name, child, false));
      }
    }
    return out;
  }

  /**
   * Writes a file atomically (a temporary file renamed over it), with permissions (default 644) and
   * owner, creating missing parents (0755, same owner) when {@code makeDirs}.
   */
  public Optional<FileError> write(
      String path, boolean makeDirs, Ownership ownership, InputStream content) {
    try {
      Path host = host(path);
      Optional<Credentials> owner = owner(ownership);
      Set<PosixFilePermission> perms = permissions(ownership.permissions(), "644");
      if (makeDirs) {
        makeParents(Path.of(path).getParent().toString(), host.getParent(), "755", owner);
      }
      Path parent = host.getParent();
      Path temp;
      try {
        temp = Files.createTempFile(parent, "." + host.getFileName() + ".", ".tmp");
      } catch (IOException e) {
        throw problem("open", path, e);
      }
      try {
        Files.copy(content, temp, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(temp, perms);
        chown(temp, owner);
        Files.move(temp, host, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        Files.deleteIfExists(temp);
        throw problem("write", path, e);
      }
      return Optional.empty();
    } catch (FileProblem e) {
      return Optional.of(e.error());
    } catch (IOException e) {
      return Optional.of(FileError.generic(e.getMessage()));
    }
  }

  /**
   * Creates a directory (default 0755), with its parents when {@code makeParents} ({@code
   * makeDir}).
   */
  public Optional<FileError> makeDir(String path, boolean makeParents, Ownership ownership) {
    try {
      Path host = host(path);
      Optional<Credentials> owner = owner(ownership);
      if (makeParents) {
        makeParents(
            path, host, ownership.permissions().isEmpty() ? "755" : ownership.permissions(), owner);
        return Optional.empty();
      }
      Set<PosixFilePermission> perms = permissions(ownership.permissions(), "755");
      try {
        Files.createDirectory(host);
        Files.setPosixFilePermissions(host, perms);
        chown(host, owner);
      } catch (IOException e) {
        throw problem("mkdir", path, e);
      }
      return Optional.empty();
    } catch (FileProblem e) {
      return Optional.of(e.error());
    }
  }

  /**
   * Removes a file or an empty directory, or with {@code recursive} anything, missing paths
   * included.
   */
  public Optional<FileError> remove(String path, boolean recursive) {
    try {
      Path host = host(path);
      if (!recursive) {
        try {
          Files.delete(host);
        } catch (IOException e) {
          throw problem("remove", path, e);
        }
        return Optional.empty();
      }
      if (!Files.exists(host, LinkOption.NOFOLLOW_LINKS)) {
        return Optional.empty();
      }
      try (Stream<Path> walk = Files.walk(host)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      } catch (IOException e) {
        throw problem("unlinkat", path, e);
      }
      return Optional.empty();
    } catch (FileProblem e) {
      return Optional.of(e.error());
    }
  }

  // ---- helpers ----

  private Path host(String path) throws FileProblem {
    try {
      return paths.toHost(path);
    } catch (IllegalArgumentException e) {
      throw new FileProblem(FileError.generic("paths must be absolute, got \"" + path + "\""));
    }
  }

  private static BasicFileAttributes stat(String path, Path host, boolean follow)
      throws FileProblem {
    try {
      return follow
          ? Files.readAttributes(host, BasicFileAttributes.class)
          : Files.readAttributes(host, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw problem("stat", path, e);
    }
  }

  private FileInfo info(String path, Path host, boolean follow) throws FileProblem {
    LinkOption[] options =
        follow ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    try {
      PosixFileAttributes attrs = Files.readAttributes(host, PosixFileAttributes.class, options);
      int uid = (Integer) Files.getAttribute(host, "unix:uid", options);
      int gid = (Integer) Files.getAttribute(host, "unix:gid", options);
      int mode = (Integer) Files.getAttribute(host, "unix:mode", options);
      String type =
          attrs.isRegularFile()
              ? "file"
              : attrs.isDirectory()
                  ? "directory"
                  : attrs.isSymbolicLink() ? "symlink" : typeOfOther(mode);
      String name = path.equals("/") ? "/" : path.substring(path.lastIndexOf('/') + 1);
      return new FileInfo(
          path,
          name,
          type,
          attrs.isRegularFile() ? Optional.of(attrs.size()) : Optional.empty(),
          String.format("%03o", mode & 0777),
          DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
              attrs
                  .lastModifiedTime()
                  .toInstant()
                  .truncatedTo(ChronoUnit.SECONDS)
                  .atOffset(ZoneOffset.UTC)),
          uid,
          users.userById(uid).map(UserDatabase.User::name).orElse(""),
          gid,
          users.groupById(gid).map(UserDatabase.Group::name).orElse(""));
    } catch (IOException e) {
      throw problem("lstat", path, e);
    }
  }

  private static String typeOfOther(int mode) {
    return switch (mode & 0170000) {
      case 0140000 -> "socket";
      case 0010000 -> "named-pipe";
      case 0060000, 0020000 -> "device";
      default -> "unknown";
    };
  }

  private Optional<Credentials> owner(Ownership o) throws FileProblem {
    try {
      return users.normalize(o.userId(), o.groupId(), o.user(), o.group());
    } catch (IllegalArgumentException e) {
      throw new FileProblem(FileError.generic("cannot look up user and group: " + e.getMessage()));
    }
  }

  private static Set<PosixFilePermission> permissions(String text, String fallback)
      throws FileProblem {
    String p = text.isEmpty() ? fallback : text;
    if (p.length() != 3 || !p.chars().allMatch(c -> c >= '0' && c <= '7')) {
      throw new FileProblem(
          FileError.generic("permissions must be a 3-digit octal string, got \"" + text + "\""));
    }
    int mode = Integer.parseInt(p, 8);
    StringBuilder s = new StringBuilder();
    String rwx = "rwxrwxrwx";
    for (int i = 0; i < 9; i++) {
      s.append((mode & (1 << (8 - i))) != 0 ? rwx.charAt(i) : '-');
    }
    return PosixFilePermissions.fromString(s.toString());
  }

  /**
   * osutil.Mkdir with MakeParents, ExistOK, Chmod (and Chown when an owner is given): created dirs
   * only.
   */
  private void makeParents(String path, Path host, String perms, Optional<Credentials> owner)
      throws FileProblem {
    Set<PosixFilePermission> mode = permissions(perms, "755");
    List<Path> missing = new ArrayList<>();
    for (Path p = host; p != null && !Files.exists(p); p = p.getParent()) {
      missing.add(0, p);
    }
    try {
      if (Files.exists(host) && !Files.isDirectory(host)) {
        throw new FileAlreadyExistsException(host.toString());
      }
      for (Path p : missing) {
        Files.createDirectory(p);
        Files.setPosixFilePermissions(p, mode);
        chown(p, owner);
      }
    } catch (IOException e) {
      throw problem("mkdir", path, e);
    }
  }

  private static void chown(Path p, Optional<Credentials> owner) throws IOException {
    if (owner.isPresent()) {
      Files.setAttribute(p, "unix:uid", owner.get().uid(), LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(p, "unix:gid", owner.get().gid(), LinkOption.NOFOLLOW_LINKS);
    }
  }

  /** Go's {@code *PathError} text for an I/O failure on a container path. */
  static FileProblem problem(String op, String path, IOException e) {
    return new FileProblem(
        switch (e) {
          case NoSuchFileException x ->
              new FileError(FileError.NOT_FOUND, op + " " + path + ": no such file or directory");
          case AccessDeniedException x ->
              new FileError(FileError.PERMISSION_DENIED, op + " " + path + ": permission denied");
          case DirectoryNotEmptyException x ->
              FileError.generic(op + " " + path + ": directory not empty");
          case FileAlreadyExistsException x -> FileError.generic(op + " " + path + ": file exists");
          case NotDirectoryException x -> FileError.generic(op + " " + path + ": not a directory");
          case FileSystemException x ->
              FileError.generic(
                  op
                      + " "
                      + path
                      + ": "
                      + (x.getReason() == null
                          ? x.getClass().getSimpleName()
                          : x.getReason().toLowerCase()));
          default -> FileError.generic(op + " " + path + ": " + e.getMessage());
        });
  }
}
