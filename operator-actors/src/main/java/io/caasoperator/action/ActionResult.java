package io.caasoperator.action;

import java.util.List;
import java.util.Map;

/**
 * What an action reported, as {@code juju run} shows it.
 *
 * @param status {@code completed}, or {@code failed} when the commands exited non-zero or called
 *     {@code action-fail}
 * @param message the {@code action-fail} message, or empty
 * @param results what {@code action-set} set (dotted keys nested)
 * @param log the {@code action-log} messages, in order
 */
public record ActionResult(
    String status, String message, Map<String, Object> results, List<String> log) {}
