package io.caasoperator.charm;

import io.caasoperator.domain.CharmRef;
import java.nio.file.Path;
import java.util.Optional;

/** SKELETON — being implemented (issue 2). */
public final class CharmStore {
  public CharmStore(Path charmsDir, UnpackLimits limits) {
    throw new UnsupportedOperationException("being written");
  }

  public DeployedCharm deploy(CharmRef ref) throws CharmException {
    throw new UnsupportedOperationException("being written");
  }

  public Optional<DeployedCharm> deployed(CharmRef ref, String sha256) throws CharmException {
    throw new UnsupportedOperationException("being written");
  }

  public Path dirOf(String sha256) {
    throw new UnsupportedOperationException("being written");
  }

  public int removePartialDownloads() {
    throw new UnsupportedOperationException("being written");
  }
}
