package io.caasoperator.hook;

import io.caasoperator.domain.UnitId;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The hooks and execs running now, by the secret token their processes present to the hook-tool
 * endpoint. A token is valid only while its hook or exec runs, and only for its unit. Shared by
 * the unit actors (which register and unregister) and the HTTP listener (which looks up).
 */
public final class HookContexts {

  /**
   * @param hookName the hook, e.g. install; null for an exec'd command
   */
  public record HookContext(UnitId unit, String contextId, String hookName) {}

  private final ConcurrentHashMap<String, HookContext> byToken = new ConcurrentHashMap<>();

  public void register(String token, HookContext context) {
    byToken.put(token, context);
  }

  public void unregister(String token) {
    byToken.remove(token);
  }

  public Optional<HookContext> lookup(String token) {
    return token == null ? Optional.empty() : Optional.ofNullable(byToken.get(token));
  }

  public int running() {
    return byToken.size();
  }
}
