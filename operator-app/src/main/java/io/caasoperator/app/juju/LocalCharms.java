package io.caasoperator.app.juju;

import io.caasoperator.charm.CharmException;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads a charm as the operator deploys it (fetched, unpacked, loaded) into a scratch directory
 * that is deleted afterwards, so {@code deploy} refuses what the operator would refuse before the
 * model ever sees it.
 */
public final class LocalCharms implements Charms {

  @Override
  public Facts inspect(Path path) {
    if (!Files.exists(path)) {
      throw new JujuFailure(
          "invalid charm or bundle provided at " + ModelReference.quoted(path.toString()));
    }
    Path scratch;
    try {
      scratch = Files.createTempDirectory("caas-juju-charm-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      DeployedCharm charm =
          new CharmStore(scratch, UnpackLimits.DEFAULT)
              .deploy(new CharmRef(path.toString(), null, 0, false));
      return new Facts(charm.info().name(), charm.info().options());
    } catch (CharmException e) {
      throw new JujuFailure(
          "invalid charm or bundle provided at "
              + ModelReference.quoted(path.toString())
              + ": "
              + e.getMessage());
    } finally {
      RecursiveDelete.quietly(scratch);
    }
  }
}
