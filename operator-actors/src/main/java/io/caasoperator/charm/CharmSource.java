package io.caasoperator.charm;

import java.net.URI;
import java.nio.file.Path;

/** Where a charm reference points, once its url has been understood. */
sealed interface CharmSource {
  /** A charm directory on this machine, digested and copied as is. */
  record LocalDirectory(Path path) implements CharmSource {}

  /** A {@code .charm}/{@code .zip} archive on this machine, unpacked in place of a download. */
  record LocalArchive(Path path) implements CharmSource {}

  /** An archive to download over http(s); its sha256 is known in advance. */
  record RemoteArchive(URI uri) implements CharmSource {}
}
