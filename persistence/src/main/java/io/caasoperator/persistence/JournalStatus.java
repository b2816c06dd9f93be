package io.caasoperator.persistence;

import java.time.Instant;

/**
 * Whether the operator's actors can use the journal now, as {@code /readyz}, {@code GET /v1/status}
 * and {@code caas-operator status} show it.
 *
 * @param available false while an actor's last write or recovery failed and it has not recovered
 *     since
 * @param detail "ok", or what failed and why, e.g. {@code unit|hello/0 cannot write: Connection
 *     refused}
 * @param since when it became available or unavailable
 */
public record JournalStatus(boolean available, String detail, Instant since) {}
