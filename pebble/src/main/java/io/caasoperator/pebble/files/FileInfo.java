package io.caasoperator.pebble.files;

import java.util.Optional;

/**
 * A directory entry as {@code GET /v1/files?action=list} shows it: container path, name, type
 * (file, directory, symlink, socket, named-pipe, device, unknown), size (regular files),
 * permissions as three octal digits, last-modified in RFC 3339, owner ids and names.
 */
public record FileInfo(
    String path,
    String name,
    String type,
    Optional<Long> size,
    String permissions,
    String lastModified,
    int userId,
    String user,
    int groupId,
    String group) {}
