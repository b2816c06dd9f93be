package io.caasoperator.pebble.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.files.FileError;
import io.caasoperator.pebble.files.FileInfo;
import io.caasoperator.pebble.files.FileProblem;
import io.caasoperator.pebble.files.Ownership;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.http.MultiPartConfig;
import org.eclipse.jetty.http.MultiPartFormData;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.util.Attributes;

/**
 * {@code GET /v1/files} (read as multipart, list) and {@code POST /v1/files} (multipart write, JSON
 * make-dirs and remove), per internals/daemon/api_files.go. Per-path errors go in each path's
 * {@code error}, so a missing file answers 200 with {@code {"path": ..., "error": {"kind":
 * "not-found", ...}}}; a list of a missing path answers 404 with kind not-found ({@code
 * Container.exists} relies on it).
 */
final class FilesApi {
  private static final int MIN_BOUNDARY_LENGTH = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private FilesApi() {}

  /**
   * The permissions and owner a written file or a made directory gets, as both request items carry
   * them.
   */
  interface Owned {
    String permissions();

    Integer userId();

    String user();

    Integer groupId();

    String group();

    default Ownership ownership() {
      return new Ownership(
          LayersApi.nz(permissions()),
          Optional.ofNullable(userId()),
          LayersApi.nz(user()),
          Optional.ofNullable(groupId()),
          LayersApi.nz(group()));
    }
  }

  record WriteItem(
      String path,
      @JsonProperty("make-dirs") boolean makeDirs,
      String permissions,
      @JsonProperty("user-id") Integer userId,
      String user,
      @JsonProperty("group-id") Integer groupId,
      String group)
      implements Owned {}

  record WriteBody(String action, List<WriteItem> files) {}

  record DirItem(
      String path,
      @JsonProperty("make-parents") boolean makeParents,
      String permissions,
      @JsonProperty("user-id") Integer userId,
      String user,
      @JsonProperty("group-id") Integer groupId,
      String group)
      implements Owned {}

  record RemoveItem(String path, boolean recursive) {}

  record JsonBody(String action, List<DirItem> dirs, List<RemoveItem> paths) {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.of("/v1/files", Map.of("GET", r -> get(pebble, r), "POST", r -> post(pebble, r))));
  }

  private static ApiResponse get(Pebble pebble, ApiRequest r) throws ApiException {
    String action = r.query("action");
    switch (action) {
      case "read" -> {
        List<String> paths = r.query().getOrDefault("path", List.of());
        if (paths.isEmpty()) {
          throw ApiException.badRequest("must specify one or more paths");
        }
        if (!"multipart/form-data".equals(r.header("Accept").orElse(""))) {
          throw ApiException.badRequest("must accept multipart/form-data");
        }
        String boundary = HexFormat.of().formatHex(RANDOM.generateSeed(30));
        return new ApiResponse.Raw(
            "multipart/form-data; boundary=" + boundary,
            out -> readParts(pebble, paths, boundary, out));
      }
      case "list" -> {
        String path = r.query("path");
        if (path.isEmpty()) {
          throw ApiException.badRequest("must specify path");
        }
        String itself = r.query("itself");
        if (!itself.isEmpty() && !itself.equals("true") && !itself.equals("false")) {
          throw ApiException.badRequest("itself parameter must be \"true\" or \"false\"");
        }
        if (!path.startsWith("/")) {
          throw ApiException.badRequest("path must be absolute, got \"" + path + "\"");
        }
        try {
          List<Object> out = new ArrayList<>();
          for (FileInfo f : pebble.files().list(path, r.query("pattern"), itself.equals("true"))) {
            var m = Json.obj("path", f.path(), "name", f.name(), "type", f.type());
            f.size().ifPresent(s -> m.put("size", s));
            m.put("permissions", f.permissions());
            m.put("last-modified", f.lastModified());
            m.put("user-id", f.userId());
            m.put("user", f.user());
            m.put("group-id", f.groupId());
            m.put("group", f.group());
            out.add(m);
          }
          return new ApiResponse.Sync(out);
        } catch (FileProblem e) {
          FileError err = e.error();
          throw new ApiException(
              new ApiResponse.Error(err.httpStatus(), err.message(), err.kind()));
        }
      }
      default -> throw ApiException.badRequest("invalid action \"" + action + "\"");
    }
  }

  /**
   * The multipart of a read: one {@code files} part per readable path, then the {@code response}
   * part.
   */
  private static void readParts(
      Pebble pebble, List<String> paths, String boundary, OutputStream out) throws IOException {
    List<Object> result = new ArrayList<>();
    for (String path : paths) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("path", path);
      try (InputStream in = pebble.files().openForRead(path)) {
        write(
            out,
            "--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\""
                + path.replace("\\", "\\\\").replace("\"", "\\\"")
                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n");
        in.transferTo(out);
        write(out, "\r\n");
      } catch (FileProblem e) {
        item.put("error", Json.obj("message", e.error().message(), "kind", e.error().kind()));
      }
      result.add(item);
    }
    write(
        out,
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"response\"\r\n"
            + "Content-Type: application/json\r\n\r\n");
    out.write(
        ApiRequest.JSON.writeValueAsBytes(
            Json.obj("type", "sync", "status-code", 200, "status", "OK", "result", result)));
    write(out, "\n\r\n--" + boundary + "--\r\n");
  }

  private static void write(OutputStream out, String s) throws IOException {
    out.write(s.getBytes(StandardCharsets.UTF_8));
  }

  private static ApiResponse post(Pebble pebble, ApiRequest r) throws ApiException {
    String contentType = r.header("Content-Type").orElse("");
    MediaType type =
        MediaType.parse(contentType)
            .orElseThrow(
                () -> ApiException.badRequest("invalid Content-Type \"" + contentType + "\""));
    switch (type.type()) {
      case "multipart/form-data" -> {
        String boundary = type.params().getOrDefault("boundary", "");
        if (boundary.length() < MIN_BOUNDARY_LENGTH) {
          throw ApiException.badRequest("invalid boundary \"" + boundary + "\"");
        }
        return write(pebble, r.body(), contentType);
      }
      case "application/json" -> {
        JsonBody body = r.json(JsonBody.class, "cannot decode request body");
        String action = LayersApi.nz(body.action());
        List<Object> result = new ArrayList<>();
        switch (action) {
          case "make-dirs" -> {
            for (DirItem d : body.dirs() == null ? List.<DirItem>of() : body.dirs()) {
              String path = LayersApi.nz(d.path());
              result.add(item(path, pebble.files().makeDir(path, d.makeParents(), d.ownership())));
            }
          }
          case "remove" -> {
            for (RemoveItem p : body.paths() == null ? List.<RemoveItem>of() : body.paths()) {
              String path = LayersApi.nz(p.path());
              result.add(item(path, pebble.files().remove(path, p.recursive())));
            }
          }
          case "write" -> throw ApiException.badRequest("must use multipart with \"write\" action");
          default -> throw ApiException.badRequest("invalid action \"" + action + "\"");
        }
        return new ApiResponse.Sync(result);
      }
      default -> throw ApiException.badRequest("invalid media type \"" + type.type() + "\"");
    }
  }

  /**
   * A multipart write, parsed by Jetty's multipart parser (large parts spill to temporary files,
   * removed afterwards): the {@code request} part first, then one {@code files} part per file.
   */
  private static ApiResponse write(Pebble pebble, InputStream body, String contentType)
      throws ApiException {
    MultiPartFormData.Parts parts;
    try {
      parts =
          MultiPartFormData.getParts(
              Content.Source.from(body),
              new Attributes.Mapped(),
              contentType,
              new MultiPartConfig.Builder()
                  .location(Path.of(System.getProperty("java.io.tmpdir")))
                  .maxMemoryPartSize(1024 * 1024)
                  .maxPartSize(-1)
                  .maxSize(-1)
                  .maxParts(1000)
                  .build());
    } catch (RuntimeException e) {
      throw ApiException.badRequest("cannot read request metadata: " + rootMessage(e));
    }
    try (parts) {
      if (parts.size() == 0) {
        throw ApiException.badRequest("cannot read request metadata: no parts");
      }
      MultiPart.Part meta = parts.get(0);
      if (!"request".equals(meta.getName())) {
        throw ApiException.badRequest(
            "metadata field name must be \"request\", got \"" + meta.getName() + "\"");
      }
      WriteBody payload;
      try {
        payload =
            ApiRequest.JSON.readValue(
                meta.getContentAsString(StandardCharsets.UTF_8), WriteBody.class);
      } catch (IOException e) {
        throw ApiException.badRequest("cannot decode request metadata: " + e.getMessage());
      }
      if (payload == null || !"write".equals(payload.action())) {
        throw ApiException.badRequest(
            "multipart action must be \"write\", got \""
                + (payload == null ? "" : LayersApi.nz(payload.action()))
                + "\"");
      }
      if (payload.files() == null || payload.files().isEmpty()) {
        throw ApiException.badRequest("must specify one or more files");
      }
      Map<String, WriteItem> infos = new LinkedHashMap<>();
      payload.files().forEach(f -> infos.put(LayersApi.nz(f.path()), f));
      Map<String, Optional<FileError>> errors = new LinkedHashMap<>();
      for (int i = 1; i < parts.size(); i++) {
        MultiPart.Part part = parts.get(i);
        if (!"files".equals(part.getName())) {
          throw ApiException.badRequest(
              "field name must be \"files\", got \"" + part.getName() + "\"");
        }
        String path = LayersApi.nz(part.getFileName());
        WriteItem info = infos.get(path);
        if (info == null) {
          throw ApiException.badRequest("no metadata for path \"" + path + "\"");
        }
        try (InputStream content = Content.Source.asInputStream(part.getContentSource())) {
          errors.put(path, pebble.files().write(path, info.makeDirs(), info.ownership(), content));
        } catch (IOException e) {
          errors.put(path, Optional.of(FileError.generic(e.getMessage())));
        }
      }
      List<Object> result = new ArrayList<>();
      for (String path : infos.keySet()) {
        result.add(
            item(
                path,
                errors.containsKey(path)
                    ? errors.get(path)
                    : Optional.of(FileError.generic("no file content for path \"" + path + "\""))));
      }
      return new ApiResponse.Sync(result);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  private static Map<String, Object> item(String path, Optional<FileError> error) {
    var m = Json.obj("path", path);
    error.ifPresent(e -> m.put("error", Json.obj("message", e.message(), "kind", e.kind())));
    return m;
  }
}
