package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The hooks the operator runs, in Juju's names ({@code <container>-pebble-ready} per container,
 * {@code <storage>-storage-attached} and {@code -detaching} per storage instance, {@code
 * <relation>-relation-*} per relation).
 */
public enum HookKind {
  INSTALL("install"),
  LEADER_ELECTED("leader-elected"),
  LEADER_SETTINGS_CHANGED("leader-settings-changed"),
  CONFIG_CHANGED("config-changed"),
  START("start"),
  UPGRADE_CHARM("upgrade-charm"),
  PEBBLE_READY("pebble-ready"),
  UPDATE_STATUS("update-status"),
  STOP("stop"),
  REMOVE("remove"),
  /** {@code <storage>-storage-attached}, per storage instance. */
  STORAGE_ATTACHED("storage-attached"),
  /** {@code <storage>-storage-detaching}, per storage instance, before {@code stop}. */
  STORAGE_DETACHING("storage-detaching"),
  /** {@code <relation>-relation-created}, once per relation, after install. */
  RELATION_CREATED("relation-created"),
  /** {@code <relation>-relation-joined}, per remote unit entering the relation. */
  RELATION_JOINED("relation-joined"),
  /**
   * {@code <relation>-relation-changed}, per change of a remote unit's or the application's
   * databag.
   */
  RELATION_CHANGED("relation-changed"),
  /**
   * {@code <relation>-relation-departed}, per remote unit leaving (and per peer on the dying unit).
   */
  RELATION_DEPARTED("relation-departed"),
  /**
   * {@code <relation>-relation-broken}, once, after the last departure from a relation with another
   * application that is removed or that the dying unit leaves; never for a peer relation.
   */
  RELATION_BROKEN("relation-broken"),

  /** {@code <container>-pebble-custom-notice}, per occurrence of a custom notice. */
  PEBBLE_CUSTOM_NOTICE("pebble-custom-notice"),
  /** {@code <container>-pebble-check-failed}, when a check reaches its failure threshold. */
  PEBBLE_CHECK_FAILED("pebble-check-failed"),
  /** {@code <container>-pebble-check-recovered}, when a failed check passes again. */
  PEBBLE_CHECK_RECOVERED("pebble-check-recovered"),

  /**
   * {@code secret-rotate}, on the owner when a secret's rotation policy asks for a new revision.
   */
  SECRET_ROTATE("secret-rotate"),
  /** {@code secret-expired}, on the owner when a revision's expiry time passed. */
  SECRET_EXPIRED("secret-expired"),
  /** {@code secret-remove}, on the owner when a revision is no longer in use. */
  SECRET_REMOVE("secret-remove"),
  /**
   * {@code secret-changed}, on a consumer unit when the owner of a secret it reads published a
   * revision newer than the one it tracks.
   */
  SECRET_CHANGED("secret-changed");

  private final String label;

  HookKind(String label) {
    this.label = label;
  }

  @JsonValue
  public String label() {
    return label;
  }

  @com.fasterxml.jackson.annotation.JsonCreator
  public static HookKind parse(String label) {
    for (HookKind k : values()) if (k.label.equals(label)) return k;
    throw new IllegalArgumentException("unknown hook kind \"" + label + "\"");
  }
}
