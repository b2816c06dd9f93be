package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.caasoperator.domain.Labelled;

/**
 * The hooks the operator runs, in Juju's names ({@code <container>-pebble-ready} per container,
 * {@code <storage>-storage-attached} and {@code -detaching} per storage instance, {@code
 * <relation>-relation-*} per relation).
 */
public enum HookKind implements Labelled {
  INSTALL,
  LEADER_ELECTED,
  LEADER_SETTINGS_CHANGED,
  CONFIG_CHANGED,
  START,
  UPGRADE_CHARM,
  PEBBLE_READY,
  UPDATE_STATUS,
  STOP,
  REMOVE,
  /** {@code <storage>-storage-attached}, per storage instance. */
  STORAGE_ATTACHED,
  /** {@code <storage>-storage-detaching}, per storage instance, before {@code stop}. */
  STORAGE_DETACHING,
  /** {@code <relation>-relation-created}, once per relation, after install. */
  RELATION_CREATED,
  /** {@code <relation>-relation-joined}, per remote unit entering the relation. */
  RELATION_JOINED,
  /**
   * {@code <relation>-relation-changed}, per change of a remote unit's or the application's
   * databag.
   */
  RELATION_CHANGED,
  /**
   * {@code <relation>-relation-departed}, per remote unit leaving (and per peer on the dying unit).
   */
  RELATION_DEPARTED,

  /** {@code <container>-pebble-custom-notice}, per occurrence of a custom notice. */
  PEBBLE_CUSTOM_NOTICE,
  /** {@code <container>-pebble-check-failed}, when a check reaches its failure threshold. */
  PEBBLE_CHECK_FAILED,
  /** {@code <container>-pebble-check-recovered}, when a failed check passes again. */
  PEBBLE_CHECK_RECOVERED,

  /**
   * {@code secret-rotate}, on the owner when a secret's rotation policy asks for a new revision.
   */
  SECRET_ROTATE,
  /** {@code secret-expired}, on the owner when a revision's expiry time passed. */
  SECRET_EXPIRED,
  /** {@code secret-remove}, on the owner when a revision is no longer in use. */
  SECRET_REMOVE;

  @JsonCreator
  public static HookKind parse(String label) {
    return Labelled.parse(HookKind.class, label, "hook kind");
  }
}
