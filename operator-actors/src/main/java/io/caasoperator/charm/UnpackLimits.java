package io.caasoperator.charm;

/** Limits on unpacking a charm archive, so a hostile archive cannot fill the disk. */
public record UnpackLimits(int maxEntries, long maxUnpackedBytes) {
  public static final UnpackLimits DEFAULT = new UnpackLimits(10_000, 256L * 1024 * 1024);

  public UnpackLimits {
    if (maxEntries <= 0) throw new IllegalArgumentException("charm max entries must be > 0");
    if (maxUnpackedBytes <= 0)
      throw new IllegalArgumentException("charm max unpacked bytes must be > 0");
  }
}
