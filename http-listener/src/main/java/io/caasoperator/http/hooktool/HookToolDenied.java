package io.caasoperator.http.hooktool;

/**
 * The token of a hook-tool call belongs to no running context (unknown, or its hook has ended). Its
 * message is shown to the caller, so it must not echo the token.
 */
public final class HookToolDenied extends RuntimeException {

  public HookToolDenied(String reason) {
    // An expected answer, not a fault: no stack trace to fill.
    super(reason, null, false, false);
  }
}
