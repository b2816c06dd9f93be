package io.caasoperator.bench;

import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.charm.deploy.UnitCharmDeployer;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * What a unit's own charm directory costs (not a test; run by hand, see README "Data directory"):
 * disk per unit and deploy time, for the demo charm and for a 20 MiB charm (1,000 files of 20 KiB,
 * like an ops charm's {@code venv/}), deployed to N units (default 100), then checked again (the
 * per-hook cost when the unit has the version) and upgraded (one file changed). Disk is what {@code
 * du} reports (allocated blocks), so a filesystem that reflinks copies (btrfs, XFS) shows it.
 *
 * <pre>
 * java ... io.caasoperator.bench.UnitCharmDiskBenchmark [units] [work-dir] [hello-charm-dir]
 * </pre>
 */
public final class UnitCharmDiskBenchmark {
  private UnitCharmDiskBenchmark() {}

  public static void main(String[] args) throws Exception {
    int units = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    Path work =
        Files.createTempDirectory(
            args.length > 1 ? Path.of(args[1]) : Path.of(System.getProperty("java.io.tmpdir")),
            "unit-charm-bench-");
    try {
      System.out.printf(
          "filesystem of %s: %s; %d units%n",
          work, run("stat", "-f", "-c", "%T", work.toString()).strip(), units);
      // A copy: the upgrade below edits the source.
      Path hello =
          copy(
              Path.of(args.length > 2 ? args[2] : "examples/charms/hello"),
              work.resolve("src/hello"));
      measure("hello (examples/charms/hello)", hello, work.resolve("hello"), units);
      measure(
          "20 MiB charm (1,000 files of 20 KiB)",
          bigCharm(work.resolve("src/big"), 1_000, 20 * 1024),
          work.resolve("big"),
          units);
    } finally {
      RecursiveDelete.delete(work);
    }
  }

  private static void measure(String name, Path source, Path data, int units) throws Exception {
    Files.createDirectories(data);
    CharmStore store = new CharmStore(data.resolve("charms"), UnpackLimits.DEFAULT);
    DeployedCharm stored = store.deploy(new CharmRef(source.toString(), null, 0, false));
    UnitCharmDeployer deployer = new UnitCharmDeployer();
    long usedBefore = used(data);

    long start = System.nanoTime();
    for (int n = 0; n < units; n++)
      deployer.deploy(stored.dir(), data.resolve("agents/unit-x-" + n));
    double firstMs = (System.nanoTime() - start) / 1e6 / units;

    int checks = 100_000;
    start = System.nanoTime();
    for (int i = 0; i < checks; i++)
      deployer.deploy(stored.dir(), data.resolve("agents/unit-x-" + (i % units)));
    double checkUs = (System.nanoTime() - start) / 1e3 / checks;

    long usedByUnits = used(data) - usedBefore;
    long storeBytes = du(stored.dir());
    long agentsBytes = du(data.resolve("agents"));
    long apparent = apparentBytes(data.resolve("agents/unit-x-0"));

    Files.writeString(source.resolve("upgrade-marker"), "changed\n");
    DeployedCharm upgraded = store.deploy(new CharmRef(source.toString(), null, 1, false));
    Files.delete(source.resolve("upgrade-marker"));
    start = System.nanoTime();
    for (int n = 0; n < units; n++)
      deployer.deploy(upgraded.dir(), data.resolve("agents/unit-x-" + n));
    double upgradeMs = (System.nanoTime() - start) / 1e6 / units;

    System.out.printf(
        "%s: store %s; per unit %s allocated by du (%s of file content), %s of the filesystem's "
            + "space (%d units: %s); first deploy %.2f ms/unit, already deployed %.2f µs/check, upgrade %.2f ms/unit%n",
        name,
        human(storeBytes),
        human(agentsBytes / units),
        human(apparent),
        human(usedByUnits / units),
        units,
        human(usedByUnits),
        firstMs,
        checkUs,
        upgradeMs);
  }

  private static Path bigCharm(Path dir, int files, int size) throws IOException {
    Files.createDirectories(dir.resolve("hooks"));
    Files.writeString(dir.resolve("metadata.yaml"), "name: big\n");
    Files.writeString(dir.resolve("dispatch"), "#!/bin/sh\nexit 0\n");
    Random random = new Random(42);
    byte[] content = new byte[size];
    for (int i = 0; i < files; i++) {
      Path file = dir.resolve("venv/pkg" + (i / 100) + "/module" + i + ".py");
      Files.createDirectories(file.getParent());
      random.nextBytes(content);
      Files.write(file, content);
    }
    return dir;
  }

  private static Path copy(Path source, Path target) throws IOException, InterruptedException {
    Files.createDirectories(target.getParent());
    run("cp", "-a", source.toString(), target.toString());
    return target;
  }

  /**
   * Space the filesystem has handed out, after a sync: unlike du, it counts a block shared by
   * reflinked copies once.
   */
  private static long used(Path path) throws IOException, InterruptedException {
    run("sync");
    var store = Files.getFileStore(path);
    return store.getTotalSpace() - store.getUnallocatedSpace();
  }

  private static long du(Path path) throws IOException, InterruptedException {
    return Long.parseLong(run("du", "-s", "--block-size=1", path.toString()).split("\\s+")[0]);
  }

  private static long apparentBytes(Path path) throws IOException, InterruptedException {
    return Long.parseLong(
        run("du", "-s", "--block-size=1", "--apparent-size", path.toString()).split("\\s+")[0]);
  }

  private static String run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) throw new IOException(String.join(" ", command) + ": " + out);
    return out;
  }

  private static String human(long bytes) {
    if (bytes < 1024 * 1024) return String.format("%.1f KiB", bytes / 1024.0);
    if (bytes < 1024L * 1024 * 1024) return String.format("%.1f MiB", bytes / 1024.0 / 1024);
    return String.format("%.2f GiB", bytes / 1024.0 / 1024 / 1024);
  }
}
