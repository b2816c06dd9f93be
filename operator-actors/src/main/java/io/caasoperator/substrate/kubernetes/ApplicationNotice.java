package io.caasoperator.substrate.kubernetes;

import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import java.util.Optional;

/**
 * Something a user of {@code kubectl describe application NAME} should see, as a Kubernetes
 * Event on the Application: a hook that failed, a charm deployed. Taken from the journal, where
 * every such fact is recorded exactly once.
 *
 * @param warning Kubernetes Event type {@code Warning}, else {@code Normal}
 * @param reason a CamelCase reason, e.g. {@code HookFailed}
 * @param message one line for humans
 */
public record ApplicationNotice(boolean warning, String reason, String message) {

  /** Kubernetes caps an Event's message at 1 KiB; longer hook output is cut. */
  static final int MAX_MESSAGE = 1024;

  public ApplicationNotice {
    if (message.length() > MAX_MESSAGE) message = message.substring(0, MAX_MESSAGE - 3) + "...";
  }

  /** The notice for a journal entry, if it deserves one. */
  public static Optional<ApplicationNotice> of(JournalEntry entry) {
    return switch (entry.event()) {
      case UnitEvent.HookFailed failed -> Optional.of(new ApplicationNotice(true, "HookFailed",
          "unit " + entry.unit().map(Object::toString).orElse("?") + ": hook " + failed.hook()
              + " failed (exit code " + failed.exitCode() + ")"
              + (failed.reason() == null || failed.reason().isBlank() ? "" : ": " + failed.reason().strip())));
      case OperatorEvent.CharmDeployed deployed -> Optional.of(new ApplicationNotice(false, "CharmDeployed",
          "charm " + deployed.charm().name() + " generation " + deployed.charm().generation() + " deployed from "
              + deployed.charm().ref().url()));
      default -> Optional.empty();
    };
  }
}
