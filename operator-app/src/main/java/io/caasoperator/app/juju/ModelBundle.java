package io.caasoperator.app.juju;

import io.caasoperator.model.BundleFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Changes a model's bundle file all at once or not at all: under the model's lock (two {@code juju}
 * calls on one model edit one after the other), the edit's text is written to a temporary file
 * beside the bundle, checked ({@link BundleCheck}: what the operator would refuse is refused here,
 * in the command that caused it), then renamed over the bundle. The operator, which re-reads the
 * file when it changes, sees the old bundle or the new one, never a mix.
 */
final class ModelBundle {
  private ModelBundle() {}

  private static final String LOCK = "bundle.lock";

  private static final Pattern RELATION_ENTRY = Pattern.compile("^relation \\[[^\\]]*\\]: ");

  static String read(ModelDirectory model) {
    try {
      return Files.readString(model.bundle(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Applies {@code edit} to the model's bundle.
   *
   * @throws JujuFailure from the edit, or with the check's problems; the bundle is then unchanged
   */
  static void edit(JujuContext context, ModelDirectory model, UnaryOperator<String> edit) {
    try (FileChannel lockFile =
            FileChannel.open(
                model.root().resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock()) {
      String edited = edit.apply(read(model));
      Path candidate = Files.createTempFile(model.root(), ".bundle.", ".yaml");
      try {
        Files.writeString(candidate, edited, StandardCharsets.UTF_8);
        List<String> problems = problems(context.check().problems(candidate), candidate);
        if (!problems.isEmpty()) throw new JujuFailure(String.join("\n", problems));
        ModelStore.replace(candidate, model.bundle());
      } finally {
        Files.deleteIfExists(candidate);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The check's problems as the user should read them: without the temporary file's name and line
   * (the user never saw that file) or the bundle entry a relation's problem stands on (the user
   * typed the relation: {@code juju integrate} says {@code ambiguous relation: ...} alone), and
   * without the one an empty model always has.
   */
  static List<String> problems(List<String> found, Path candidate) {
    Pattern where = Pattern.compile("^" + Pattern.quote(candidate.toString()) + "(:\\d+)?: ");
    return found.stream()
        .map(p -> where.matcher(p).replaceFirst(""))
        .map(p -> RELATION_ENTRY.matcher(p).replaceFirst(""))
        .filter(p -> !p.equals(BundleFile.NO_APPLICATION))
        .toList();
  }
}
