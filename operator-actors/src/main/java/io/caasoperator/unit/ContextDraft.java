package io.caasoperator.unit;

import io.caasoperator.action.ActionReport;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.RelationSettingsWritten;
import io.caasoperator.secret.SecretChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the hook tools of the context a unit runs now changed that is neither journaled nor
 * committed yet, replaced whole with every tool call and carried by the running {@link
 * Incarnation.Work} to its end, as Juju's hook context keeps its changes until it flushes ({@code
 * internal/worker/uniter/runner/context/context.go}, {@code Flush}): its secret changes (committed
 * to the secret store when it succeeded, dropped when it failed), a hook's relation databag writes
 * (journaled in the same write as its {@code HookCompleted}, dropped when it failed) and what an
 * action reported (journaled with its {@code ActionFinished}, or sent with an exec's reply).
 * Statuses, charm state and ports are no part of it: Juju sets them as the tool is called, so they
 * are journaled as they come. Never journaled itself: a hook interrupted by a crash runs again and
 * drafts again; an interrupted action is recorded failed.
 *
 * @param holdsRelationWrites a hook's draft keeps its relation writes until it completes; an exec
 *     or action never runs again, so its writes are journaled as it makes them
 * @param secretChanges in call order
 * @param relationWrites a hook's, by relation id
 * @param action what an exec's or charm action's {@code action-*} tools reported
 */
record ContextDraft(
    boolean holdsRelationWrites,
    List<SecretChange> secretChanges,
    HookWrites relationWrites,
    ActionReport action) {

  /** A hook's draft, before any tool call. */
  static final ContextDraft HOOK =
      new ContextDraft(true, List.of(), HookWrites.NONE, ActionReport.NONE);

  /** An exec's or charm action's draft, before any tool call. */
  static final ContextDraft PROCESS =
      new ContextDraft(false, List.of(), HookWrites.NONE, ActionReport.NONE);

  ContextDraft {
    secretChanges = List.copyOf(secretChanges);
  }

  /**
   * What a tool call leaves.
   *
   * @param draft the draft with the call's changes
   * @param journalNow the call's unit events to journal now, in call order
   */
  record Folded(ContextDraft draft, List<UnitEvent> journalNow) {
    Folded {
      journalNow = List.copyOf(journalNow);
    }
  }

  /**
   * Folds in the effects of one tool call made at {@code at}: its secret changes and action
   * reports, and (a hook's) its relation writes, the later replacing the databags an earlier one
   * wrote; its other unit events are to be journaled now.
   */
  Folded fold(UnitToolCall call, Instant at) {
    List<SecretChange> allSecrets = new ArrayList<>(secretChanges);
    allSecrets.addAll(call.secretChanges());
    ActionReport reported = action;
    for (ToolEffect.ActionEffect effect : call.actionEffects())
      reported = reported.with(effect, at);
    HookWrites writes = relationWrites;
    List<UnitEvent> now = new ArrayList<>();
    for (UnitEvent event : call.unitEvents()) {
      if (holdsRelationWrites && event instanceof RelationSettingsWritten write) {
        writes = writes.with(write);
      } else {
        now.add(event);
      }
    }
    return new Folded(new ContextDraft(holdsRelationWrites, allSecrets, writes, reported), now);
  }

  /** Without its secret changes: they were handed to the secret store. */
  ContextDraft withoutSecretChanges() {
    return new ContextDraft(holdsRelationWrites, List.of(), relationWrites, action);
  }
}
