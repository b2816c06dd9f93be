package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Which relation {@code juju integrate a[:endpoint] b[:endpoint]} (or, with one name, a peer
 * relation) means, decided as Juju decides it: {@code State.InferEndpoints} and {@code
 * State.endpoints} in juju/juju {@code state/state.go} (3.6), with their error texts.
 *
 * <ul>
 *   <li>Two names: every pair of non-peer endpoints, one of each application, that {@linkplain
 *       RelationEndpoint#canRelateTo can relate} (provider to requirer, one interface); an endpoint
 *       named after the colon narrows its side to that endpoint.
 *   <li>One name: the application's peer endpoints.
 *   <li>One candidate is the relation; several are narrowed by leaving out those with an implicit
 *       endpoint ({@code juju-info}); still several is {@code ambiguous relation: "a b" could refer
 *       to "a:x b:x"; "a:y b:y"}, none is {@code no relations found}.
 * </ul>
 *
 * Juju's container-scope check (a container-scoped relation needs a subordinate) has no
 * counterpart: applications here have no subordinates and endpoints no scope.
 */
public final class EndpointMatching {
  private EndpointMatching() {}

  /**
   * @param names one or two {@code application[:endpoint]}
   * @param endpointsOf an application's endpoints by its name ({@link CharmEndpoint#of}), empty
   *     when the model has no such application
   */
  public static Inference infer(
      List<String> names, Function<ApplicationName, Optional<List<CharmEndpoint>>> endpointsOf) {
    List<List<RelationEndpoint>> candidates = new ArrayList<>();
    try {
      switch (names.size()) {
        case 1 -> {
          for (RelationEndpoint peer : endpoints(names.get(0), endpointsOf, Side::isPeer))
            candidates.add(List.of(peer));
        }
        case 2 -> {
          List<RelationEndpoint> first = endpoints(names.get(0), endpointsOf, Side::isNotPeer);
          List<RelationEndpoint> second = endpoints(names.get(1), endpointsOf, Side::isNotPeer);
          for (RelationEndpoint one : first)
            for (RelationEndpoint other : second)
              if (one.canRelateTo(other)) candidates.add(List.of(one, other));
        }
        default -> {
          return new Inference.Refused("cannot relate " + names.size() + " endpoints");
        }
      }
    } catch (NoEndpoint e) {
      return new Inference.Refused(e.getMessage());
    }
    if (candidates.isEmpty()) return new Inference.Refused("no relations found");
    if (candidates.size() == 1) return found(candidates.getFirst());
    List<List<RelationEndpoint>> explicit =
        candidates.stream()
            .filter(c -> c.stream().noneMatch(e -> e.endpoint().isImplicit()))
            .toList();
    if (explicit.size() == 1) return found(explicit.getFirst());
    List<String> keys =
        candidates.stream().map(c -> GoQuoted.of(new MatchedRelation(c).key())).sorted().toList();
    return new Inference.Refused(
        "ambiguous relation: "
            + GoQuoted.of(String.join(" ", names))
            + " could refer to "
            + String.join("; ", keys));
  }

  private static Inference found(List<RelationEndpoint> endpoints) {
    return new Inference.Found(new MatchedRelation(endpoints));
  }

  /**
   * The endpoints {@code name} ({@code app} or {@code app:endpoint}) could mean that pass {@code
   * filter}; Juju's {@code State.endpoints}. An endpoint named but absent is refused even when the
   * filter would have dropped it anyway.
   */
  private static List<RelationEndpoint> endpoints(
      String name,
      Function<ApplicationName, Optional<List<CharmEndpoint>>> endpointsOf,
      Predicate<RelationEndpoint> filter)
      throws NoEndpoint {
    int colon = name.indexOf(':');
    String application = name;
    String relation = "";
    if (colon == 0 || colon == name.length() - 1)
      throw new NoEndpoint("invalid endpoint " + GoQuoted.of(name));
    if (colon > 0) {
      application = name.substring(0, colon);
      relation = name.substring(colon + 1);
    }
    if (!ApplicationName.isValid(application))
      throw new NoEndpoint(GoQuoted.of(application) + " is not a valid application name");
    ApplicationName app = new ApplicationName(application);
    Optional<List<CharmEndpoint>> known = endpointsOf.apply(app);
    if (known.isEmpty())
      throw new NoEndpoint("application " + GoQuoted.of(application) + " not found");
    List<CharmEndpoint> declared = known.get();
    List<RelationEndpoint> endpoints = new ArrayList<>();
    for (CharmEndpoint endpoint : declared) {
      if (relation.isEmpty() || relation.equals(endpoint.name()))
        endpoints.add(new RelationEndpoint(app, endpoint));
    }
    if (!relation.isEmpty() && endpoints.isEmpty()) {
      throw new NoEndpoint(
          "application "
              + GoQuoted.of(application)
              + " has no "
              + GoQuoted.of(relation)
              + " relation");
    }
    return endpoints.stream().filter(filter).toList();
  }

  private static final class Side {
    static boolean isPeer(RelationEndpoint endpoint) {
      return endpoint.endpoint().role() == RelationRole.PEER;
    }

    static boolean isNotPeer(RelationEndpoint endpoint) {
      return !isPeer(endpoint);
    }
  }

  /** Why a name denotes no endpoint; it ends the inference at once, as Juju's error return does. */
  private static final class NoEndpoint extends Exception {
    NoEndpoint(String message) {
      super(message, null, false, false);
    }
  }
}
