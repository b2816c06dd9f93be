package io.caasoperator.app.juju;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju scp [--container C] [--] [-r] SOURCE DESTINATION}: copies a file (a directory with
 * {@code -r}) between this machine and a unit, or between units, where a unit's side is {@code
 * UNIT:path} ({@code [user@]APP/N} or {@code APP/leader}). There is no SSH here: the unit's files
 * are on this machine ({@link UnitMachine}), in its workload container's filesystem with {@code
 * --container}, else as its hooks see them (a relative path is under the unit's directory). Other
 * {@code scp} options are accepted with a note.
 */
@Command(name = "scp", description = "Copies files to and from units.")
final class ScpCommand extends ModelCommand {

  @Option(names = "--container", paramLabel = "C")
  String container;

  @Option(names = "--no-host-key-checks")
  boolean noHostKeyChecks;

  @Parameters(paramLabel = "[SCP-OPTION...] SOURCE DESTINATION")
  List<String> arguments = new ArrayList<>();

  @Override
  int run(JujuContext context) throws IOException {
    boolean recursive = false;
    List<String> ends = new ArrayList<>();
    for (String argument : arguments) {
      if (argument.equals("-r")) recursive = true;
      else if (argument.startsWith("-"))
        new Notes(context).ignored(argument, true, "there is no scp here, the copy is local");
      else ends.add(argument);
    }
    if (ends.size() != 2)
      throw JujuFailure.usage(
          "expected a source and a destination, got " + ends.size() + " paths: " + ends);
    if (!remote(ends.get(0)) && !remote(ends.get(1)))
      throw JujuFailure.usage("neither source nor destination is a unit path (UNIT:path)");
    ModelDirectory directory = model.directory(context);
    Path source = resolve(context, directory, ends.get(0));
    Path destination = resolve(context, directory, ends.get(1));
    if (Files.isDirectory(destination)) destination = destination.resolve(source.getFileName());
    if (Files.isDirectory(source)) {
      if (!recursive)
        throw new JujuFailure(ends.get(0) + ": not a regular file (give -r to copy a directory)");
      copyTree(source, destination);
    } else {
      try {
        Files.copy(source, destination, StandardCopyOption.REPLACE_EXISTING);
      } catch (NoSuchFileException e) {
        throw new JujuFailure(e.getFile() + ": No such file or directory");
      }
    }
    return 0;
  }

  /** {@code UNIT:path}, as Juju tells a remote end: a colon after a unit's name. */
  private static boolean remote(String end) {
    int colon = end.indexOf(':');
    return colon > 0 && end.substring(0, colon).contains("/");
  }

  private Path resolve(JujuContext context, ModelDirectory directory, String end) {
    if (!remote(end)) return context.resolve(end);
    int colon = end.indexOf(':');
    UnitMachine unit = UnitMachine.of(context, directory, end.substring(0, colon), container);
    return unit.file(end.substring(colon + 1));
  }

  private static void copyTree(Path source, Path destination) throws IOException {
    try (Stream<Path> all = Files.walk(source)) {
      for (Path from : all.toList()) {
        Path to = destination.resolve(source.relativize(from).toString());
        if (Files.isDirectory(from)) {
          try {
            Files.createDirectories(to);
          } catch (FileAlreadyExistsException e) {
            throw new JujuFailure(to + ": not a directory");
          }
        } else {
          Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
