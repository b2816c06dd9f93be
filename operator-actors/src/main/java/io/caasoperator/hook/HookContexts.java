package io.caasoperator.hook;

import io.caasoperator.domain.UnitId;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The hooks and execs running now, by the secret token their processes present to the hook-tool
 * endpoint. A token is valid only while its hook or exec runs, and only for its unit. Shared by the
 * unit actors (which register and unregister) and the HTTP listener (which looks up).
 */
public final class HookContexts {

  /**
   * @param hookName the hook, e.g. install; null for an exec'd command
   * @param action the action an exec runs as, what {@code action-get} reads; null otherwise
   */
  public record HookContext(UnitId unit, String contextId, String hookName, RunningAction action) {
    public HookContext(UnitId unit, String contextId, String hookName) {
      this(unit, contextId, hookName, null);
    }
  }

  private final ConcurrentHashMap<String, HookContext> byToken = new ConcurrentHashMap<>();

  /**
   * Contexts whose calls all go through the actors from now on (see {@link #answerThroughActors}).
   */
  private final Set<String> throughActors = ConcurrentHashMap.newKeySet();

  public void register(String token, HookContext context) {
    byToken.put(token, context);
  }

  public void unregister(String token) {
    byToken.remove(token);
    throughActors.remove(token);
  }

  public Optional<HookContext> lookup(String token) {
    return token == null ? Optional.empty() : Optional.ofNullable(byToken.get(token));
  }

  /**
   * From now on the calls of {@code token}'s context are answered by the actors only, not from what
   * they published: it changed what the operator publishes (application status, leader settings)
   * later than its call was answered, and must still read what it wrote.
   */
  public void answerThroughActors(String token) {
    if (byToken.containsKey(token)) throughActors.add(token);
    // The context may have ended between the two looks, its unregister already done: remove what
    // was just added, or the dead token would stay here for good.
    if (!byToken.containsKey(token)) throughActors.remove(token);
  }

  /** Whether {@link #answerThroughActors} was called for this running context. */
  public boolean answeredThroughActors(String token) {
    return throughActors.contains(token);
  }

  public int running() {
    return byToken.size();
  }
}
