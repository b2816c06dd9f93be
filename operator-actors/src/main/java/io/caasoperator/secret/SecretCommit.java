package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a completed hook's secret changes become in the journal, decided against the store's state:
 * changes of one hook to one secret fold into one change as Juju's flush sends them (an add then a
 * set is one revision 1; two sets are one new revision; an add then a remove is nothing), content
 * is sealed, and changes to secrets that no longer exist are dropped.
 */
public final class SecretCommit {

  private SecretCommit() {}

  public static List<SecretEvent> events(
      SecretsState state,
      List<SecretChange> changes,
      Function<Map<String, String>, io.caasoperator.persistence.secret.SealedContent> seal,
      Instant now) {
    Map<String, SecretChange> folded = new LinkedHashMap<>();
    List<SecretChange> removals = new ArrayList<>();
    // another owner's secrets read by this hook: what the unit tracks last, per unit and secret
    Map<String, SecretChange.Consumed> consumed = new LinkedHashMap<>();
    for (SecretChange change : changes) {
      SecretChange before = folded.get(change.id());
      switch (change) {
        case SecretChange.Consumed c -> {
          SecretChange.Consumed earlier = consumed.get(SecretsState.consumerKey(c.unit(), c.id()));
          // a label given earlier in the hook stays unless a later read gives another
          String label = c.label().isEmpty() && earlier != null ? earlier.label() : c.label();
          consumed.put(
              SecretsState.consumerKey(c.unit(), c.id()),
              new SecretChange.Consumed(c.id(), c.unit(), c.revision(), label));
        }
        case SecretChange.Added a -> folded.put(a.id(), a);
        case SecretChange.Updated u ->
            folded.put(
                u.id(),
                switch (before) {
                  case null -> u;
                  case SecretChange.Added a ->
                      new SecretChange.Added(a.id(), a.owner(), u.settings().over(a.settings()));
                  case SecretChange.Updated p ->
                      new SecretChange.Updated(p.id(), u.settings().over(p.settings()));
                  case SecretChange.Removed r -> u;
                  case SecretChange.Access g -> u;
                  case SecretChange.Consumed c -> u;
                });
        case SecretChange.Removed r -> {
          if (before instanceof SecretChange.Added && r.revision() == null) {
            folded.remove(r.id());
          } else {
            removals.add(r);
          }
        }
        // recorded after the secret's other changes, in the order the hook made them
        case SecretChange.Access g -> removals.add(g);
      }
    }
    List<SecretEvent> events = new ArrayList<>();
    for (SecretChange change : folded.values()) {
      switch (change) {
        case SecretChange.Added a -> {
          SecretSettings s = a.settings();
          events.add(
              new SecretEvent.SecretCreated(
                  a.id(),
                  a.owner(),
                  s.label(),
                  s.description(),
                  s.expiry(),
                  s.rotatePolicy(),
                  s.nextRotation(),
                  seal.apply(s.content()),
                  now));
        }
        case SecretChange.Updated u -> {
          SecretSettings s = u.settings();
          if (state.find(u.id()).isPresent()) {
            events.add(
                new SecretEvent.SecretUpdated(
                    u.id(),
                    s.label(),
                    s.description(),
                    s.expiry(),
                    s.rotatePolicy(),
                    s.nextRotation(),
                    s.content() == null ? null : seal.apply(s.content()),
                    now));
          }
        }
        case SecretChange.Removed r -> {}
        case SecretChange.Access g -> {}
        case SecretChange.Consumed c -> {}
      }
    }
    for (SecretChange change : removals) {
      boolean exists =
          state.find(change.id()).isPresent()
              || folded.get(change.id()) instanceof SecretChange.Added;
      if (!exists) continue;
      switch (change) {
        case SecretChange.Removed r ->
            events.add(new SecretEvent.SecretRemoved(r.id(), r.revision(), now));
        case SecretChange.Access g ->
            events.add(
                g.granted()
                    ? new SecretEvent.SecretGranted(g.id(), g.relation(), g.unit(), now)
                    : new SecretEvent.SecretRevoked(g.id(), g.relation(), g.unit(), now));
        case SecretChange.Added a -> {}
        case SecretChange.Updated u -> {}
        case SecretChange.Consumed c -> {}
      }
    }
    for (SecretChange.Consumed c : consumed.values())
      events.add(new SecretEvent.SecretConsumed(c.id(), c.unit(), c.revision(), c.label(), now));
    return events;
  }
}
