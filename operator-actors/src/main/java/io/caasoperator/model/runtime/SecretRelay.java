package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.secret.ForeignSecret;
import io.caasoperator.secret.ForeignSecrets;
import io.caasoperator.secret.RevisionsInUse;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.secret.UserSecrets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.Scheduler;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Secrets across the applications of a model: each application's {@link Secrets} joins the relay,
 * which then finds any owner's secret by id for the others' units ({@code secret-get} of a granted
 * secret) and tells every other application's store when one owner published (its consumer units
 * may have to run {@code secret-changed}). The content never leaves the process: a consumer gets a
 * {@link ForeignSecret} that opens a revision with its owner's cipher when a tool asks; an owner's
 * revision a consumer tracks is in use (not obsolete). Owners are addressed by the secret's id,
 * never by a reference a consumer keeps; a further kind of owner (the model's user secrets) joins
 * as another {@link ForeignSecrets} source ({@link #add}). An application removed from the model
 * takes its secrets with it, and the model's grants to it ({@link #leave}).
 */
public final class SecretRelay implements ForeignSecrets, RevisionsInUse {

  private final Map<String, Secrets> applications = new ConcurrentHashMap<>();
  private final Map<String, ForeignSecrets> sources = new ConcurrentHashMap<>();

  /** The model's user secrets, whose grants to an application leave with it; null until told. */
  private volatile ModelSecrets model;

  private record ModelSecrets(SecretOwner owner, Secrets secrets) {}

  /**
   * {@code application}'s secrets join the model: its units may read the others' when granted, and
   * its publications reach the others' stores. Call before its store starts.
   */
  public void join(ApplicationName application, Secrets secrets) {
    applications.put(application.value(), secrets);
    secrets.joinModel(this, this, () -> published(application.value()));
  }

  /**
   * {@code application} was removed from the model and its operator stopped: its secrets leave the
   * model with it, as Juju deletes an application's secrets once it is removed ({@code
   * state/application.go} {@code DestroyApplicationOperation.deleteSecrets}). Consumers no longer
   * find them ({@code secret-get} answers {@code secret "<id>" not found}; no {@code
   * secret-changed} runs for them), and its store journals their removal and stops ({@link
   * SecretStore.Leave}), so that an application deployed later under the same name starts with no
   * secrets. The stage completes once the removal is journaled (fails after {@code timeout}): start
   * the store of a new application of that name only then, never beside the leaving one.
   *
   * <p>Every grant of one of the model's user secrets to it ({@code juju grant-secret}) is revoked
   * in their store too ({@link UserSecrets#applicationRemoved}), so that an application deployed
   * later under the same name reads none; the stage completes once that is journaled as well.
   */
  public CompletionStage<Done> leave(
      ApplicationName application, Duration timeout, Scheduler scheduler) {
    CompletionStage<Done> revoked = revokeGrants(application, timeout, scheduler);
    Secrets gone = applications.remove(application.value());
    if (gone == null) return revoked;
    // the other stores look at their consumers again: no secret-changed for a secret gone
    published(application.value());
    return gone.store()
        .map(store -> AskPattern.ask(store, SecretStore.Leave::new, timeout, scheduler))
        .orElse(CompletableFuture.completedFuture(Done.getInstance()))
        .thenCombine(revoked, (left, none) -> left);
  }

  /**
   * The model's user secrets, owned by {@code owner} and kept by {@code secrets}' store: {@link
   * #leave} revokes their grants to the application leaving. Call before any application leaves.
   */
  public void grantsOf(SecretOwner owner, Secrets secrets) {
    model = new ModelSecrets(owner, secrets);
  }

  /** Revokes the user secrets' grants to {@code application}, through their store's decisions. */
  private CompletionStage<Done> revokeGrants(
      ApplicationName application, Duration timeout, Scheduler scheduler) {
    ModelSecrets known = model;
    if (known == null) return CompletableFuture.completedFuture(Done.getInstance());
    return known
        .secrets()
        .store()
        .<CompletionStage<Done>>map(
            store ->
                AskPattern.<SecretStore.Command, UserSecrets.Outcome>ask(
                        store,
                        reply ->
                            new SecretStore.Decide(
                                state ->
                                    UserSecrets.applicationRemoved(
                                        state, known.owner(), application.value()),
                                "removal of " + application,
                                reply),
                        timeout,
                        scheduler)
                    .thenApply(outcome -> Done.getInstance()))
        .orElse(CompletableFuture.completedFuture(Done.getInstance()));
  }

  /**
   * Secrets of an owner that is no application (the model's user secrets), found by id like an
   * application's; {@code name} names the source for a later {@link #add} that replaces it.
   */
  public void add(String name, ForeignSecrets source) {
    sources.put(name, source);
  }

  /** The source {@code name} published: every application's store looks at its consumers again. */
  public void sourcePublished(String name) {
    published(" " + name);
  }

  @Override
  public Optional<ForeignSecret> find(String id) {
    for (Secrets secrets : applications.values()) {
      Optional<ForeignSecret> found = secrets.offered(id);
      if (found.isPresent()) return found;
    }
    for (ForeignSecrets source : sources.values()) {
      Optional<ForeignSecret> found = source.find(id);
      if (found.isPresent()) return found;
    }
    return Optional.empty();
  }

  /** Whether a unit of any application tracks {@code revision} of secret {@code id}. */
  @Override
  public boolean inUse(String id, int revision) {
    return applications.values().stream().anyMatch(secrets -> secrets.tracks(id, revision));
  }

  private void published(String by) {
    applications.forEach(
        (application, secrets) -> {
          if (!application.equals(by)) secrets.othersPublished();
        });
  }
}
