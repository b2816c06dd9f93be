package io.caasoperator.substrate;

import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import java.util.Optional;

/**
 * A fact about the application its users should see once, where the substrate shows such things
 * (Kubernetes: an Event on the Application, {@code kubectl describe application NAME}): a hook that
 * failed, a charm deployed. Taken from the journal, where every such fact is recorded exactly once.
 *
 * @param warning something went wrong (Kubernetes Event type {@code Warning}, else {@code Normal})
 * @param reason a CamelCase reason, e.g. {@code HookFailed}
 * @param message one line for humans
 * @param unit the unit it is about, e.g. {@code db/1}; null when it is about the application. With
 *     the reason it says which facts are the same fact again (Kubernetes aggregates those into one
 *     Event with a count)
 */
public record ApplicationNotice(boolean warning, String reason, String message, String unit) {

  /**
   * One line of at most 1 KiB (Kubernetes caps an Event's message there); longer hook output is
   * cut.
   */
  public static final int MAX_MESSAGE = 1024;

  public ApplicationNotice {
    if (message.length() > MAX_MESSAGE) message = message.substring(0, MAX_MESSAGE - 3) + "...";
  }

  /** A notice about the application as a whole. */
  public ApplicationNotice(boolean warning, String reason, String message) {
    this(warning, reason, message, null);
  }

  /** The notice for a journal entry, if it deserves one. */
  public static Optional<ApplicationNotice> of(JournalEntry entry) {
    return switch (entry.event()) {
      case UnitEvent.HookFailed failed ->
          Optional.of(
              new ApplicationNotice(
                  true,
                  "HookFailed",
                  "unit "
                      + entry.unit().map(Object::toString).orElse("?")
                      + ": hook "
                      + failed.hook()
                      + " failed (exit code "
                      + failed.exitCode()
                      + ")"
                      + (failed.reason() == null || failed.reason().isBlank()
                          ? ""
                          : ": " + failed.reason().strip()),
                  entry.unit().map(Object::toString).orElse(null)));
      case OperatorEvent.CharmDeployed deployed ->
          Optional.of(
              new ApplicationNotice(
                  false,
                  "CharmDeployed",
                  "charm "
                      + deployed.charm().name()
                      + " generation "
                      + deployed.charm().generation()
                      + " deployed from "
                      + deployed.charm().ref().url()));
      default -> Optional.empty();
    };
  }
}
