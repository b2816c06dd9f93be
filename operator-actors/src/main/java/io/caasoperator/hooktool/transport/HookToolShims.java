package io.caasoperator.hooktool.transport;

import io.caasoperator.files.AtomicFile;
import io.caasoperator.hooktool.catalogue.HookTools;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes the hook tools a hook finds on its PATH: one script per tool name ({@link
 * HookTools#NAMES}) and the common {@value #COMMON} script. Two kinds:
 *
 * <ul>
 *   <li><b>portable</b> ({@link #portable()}): POSIX {@code sh} tools that exec {@value #COMMON},
 *       which sends the call in the {@link HookToolFraming} format to the HTTPS listener with curl
 *       (or GNU wget) and relays the answer. What pods get: a container may have no bash, and a
 *       call from a pod crosses a network, so it goes through TLS.
 *   <li><b>bash</b> ({@link #forThisMachine}): each tool is a bash script that sends its call to
 *       the operator's loopback listener itself ({@code /dev/tcp}, {@link HookToolWire}), one
 *       process per call; without {@code CAAS_HOOK_TOOL_ADDRESS} in its environment it hands the
 *       call to the portable {@value #COMMON}. What hooks run as processes of this machine get,
 *       when this machine's bash can open TCP connections ({@link LocalBash}).
 * </ul>
 *
 * <p>Environment the scripts read: {@code CAAS_HOOK_TOOL_ADDRESS} (the loopback listener, {@code
 * 127.0.0.1:<port>}), {@code CAAS_OPERATOR_URL} (the HTTPS listener), {@code
 * CAAS_OPERATOR_CONTEXT_TOKEN} (the running hook's token), {@code CAAS_OPERATOR_CA_FILE} (optional
 * CA certificate verifying the operator's TLS).
 */
public final class HookToolShims {

  /** The portable script every portable tool delegates to. */
  public static final String COMMON = "caas-hook-tool";

  static final String COMMON_SCRIPT = resource("caas-hook-tool.sh");
  private static final String BASH_TOOL = resource("tool.bash");

  /** {@code rwxr-xr-x}: the tools are executables on the charm's PATH. */
  private static final Set<PosixFilePermission> EXECUTABLE =
      PosixFilePermissions.fromString("rwxr-xr-x");

  private HookToolShims() {}

  /**
   * Installs the tools for hooks that run as processes of this machine: the bash kind when {@link
   * LocalBash} finds a bash with {@code /dev/tcp}, else the portable kind.
   *
   * @return the bash the tools run with, empty when they are the portable kind
   */
  public static Optional<Path> install(Path toolsDir) throws IOException {
    Optional<Path> bash = LocalBash.find();
    write(toolsDir, bash.map(HookToolShims::forThisMachine).orElseGet(HookToolShims::portable));
    return bash;
  }

  /** Installs the portable kind (as pods get it). */
  public static void installPortable(Path toolsDir) throws IOException {
    write(toolsDir, portable());
  }

  /** The portable tools: file name to content. */
  public static Map<String, String> portable() {
    Map<String, String> files = new LinkedHashMap<>();
    files.put(COMMON, COMMON_SCRIPT);
    for (String tool : HookTools.NAMES) files.put(tool, toolScript(tool));
    return files;
  }

  /** The bash tools run by {@code bash}, with the portable {@value #COMMON} beside them. */
  static Map<String, String> forThisMachine(Path bash) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put(COMMON, COMMON_SCRIPT);
    for (String tool : HookTools.NAMES) files.put(tool, bashToolScript(tool, bash));
    return files;
  }

  static String toolScript(String tool) {
    return "#!/bin/sh\n"
        + "# "
        + tool
        + ": a Juju hook tool served by the CAAS operator; see "
        + COMMON
        + ".\n"
        + "case $0 in */*) exec \"${0%/*}/"
        + COMMON
        + "\" "
        + tool
        + " \"$@\" ;; esac\n"
        + "exec "
        + COMMON
        + " "
        + tool
        + " \"$@\"\n";
  }

  static String bashToolScript(String tool, Path bash) {
    return BASH_TOOL.replace("@BASH@", bash.toString()).replace("@TOOL@", tool);
  }

  /**
   * Writes each file into {@code dir} (created if missing) through a temporary file renamed over
   * the old one, so a hook running while tools are reinstalled sees either the old or the new
   * script, never half of one. Files that already have the right content are left alone.
   */
  private static void write(Path dir, Map<String, String> files) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, String> file : files.entrySet())
      write(dir, file.getKey(), file.getValue());
  }

  private static void write(Path dir, String name, String content) throws IOException {
    Path target = dir.resolve(name);
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    if (Files.isRegularFile(target)
        && Files.isExecutable(target)
        && Arrays.equals(Files.readAllBytes(target), bytes)) {
      return;
    }
    AtomicFile.at(target).withMode(EXECUTABLE).write(bytes);
  }

  private static String resource(String name) {
    try (InputStream in = HookToolShims.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("missing resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
