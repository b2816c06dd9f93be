package io.caasoperator.pebble.process;

import java.io.IOException;

/**
 * Starts a process in its own session and process group (its pid is the group id), as Pebble starts services and
 * commands ({@code Setpgid}/{@code Setsid}). The one seam where a later step wraps processes into the unit's
 * mount namespace.
 */
public interface ProcessLauncher {
    /** @throws IOException when the process cannot start (missing executable, bad working directory) */
    Process launch(LaunchSpec spec) throws IOException;
}
