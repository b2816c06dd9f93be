package io.caasoperator.persistence;

import java.time.Instant;
import java.util.Objects;

/**
 * Something a unit container's Pebble reported that the charm hears of through a hook: a custom
 * notice occurred ({@code <container>-pebble-custom-notice}), or a check failed or recovered
 * ({@code <container>-pebble-check-failed} / {@code -recovered}). Juju's uniter queues the same
 * (juju {@code internal/worker/uniter/container/workload.go}: {@code WorkloadEvent} with {@code
 * NoticeID}, {@code NoticeType}, {@code NoticeKey}, {@code CheckName}).
 *
 * @param kind {@code PEBBLE_CUSTOM_NOTICE}, {@code PEBBLE_CHECK_FAILED} or {@code
 *     PEBBLE_CHECK_RECOVERED}
 * @param container the container whose Pebble reported it
 * @param noticeId the notice's id, for a custom notice; empty otherwise
 * @param noticeType the notice's type ({@code custom}), for a custom notice; empty otherwise
 * @param noticeKey the notice's key (e.g. {@code example.com/db-backup}), for a custom notice;
 *     empty otherwise
 * @param checkName the check, for check-failed and check-recovered; empty otherwise
 * @param occurred when it occurred (a notice's {@code last-repeated}): a notice repeated later is
 *     another occurrence
 */
public record PebbleNotice(
    HookKind kind,
    String container,
    String noticeId,
    String noticeType,
    String noticeKey,
    String checkName,
    Instant occurred) {

  public PebbleNotice {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(container, "container");
    noticeId = noticeId == null ? "" : noticeId;
    noticeType = noticeType == null ? "" : noticeType;
    noticeKey = noticeKey == null ? "" : noticeKey;
    checkName = checkName == null ? "" : checkName;
  }

  /** A custom notice's occurrence. */
  public static PebbleNotice custom(
      String container, String id, String type, String key, Instant occurred) {
    return new PebbleNotice(HookKind.PEBBLE_CUSTOM_NOTICE, container, id, type, key, "", occurred);
  }

  /** A check reached its failure threshold ({@code failed}) or passed again. */
  public static PebbleNotice check(
      String container, String check, boolean failed, Instant occurred) {
    return new PebbleNotice(
        failed ? HookKind.PEBBLE_CHECK_FAILED : HookKind.PEBBLE_CHECK_RECOVERED,
        container,
        "",
        "",
        "",
        check,
        occurred);
  }
}
