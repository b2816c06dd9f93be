package io.caasoperator.charm;

import io.caasoperator.domain.CharmInfo;
import java.nio.file.Path;

/**
 * A charm unpacked under {@code charms/<sha256>/} and loaded. {@code info.generation()} is 0: the
 * operator assigns the generation when it records the deployment.
 */
public record DeployedCharm(Path dir, CharmInfo info) {}
