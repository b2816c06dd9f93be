package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.RelationRole;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One application operator's decisions about the relations of its namespace, as one pure function
 * of what the cluster shows ({@link #next}): which ids the ledger still has to give, what each
 * Relation's status should say, which relations to declare to the operator, and the other sides of
 * them. Level-triggered: called again with the whole picture after every change, it brings
 * everything in line whatever was missed.
 *
 * <ul>
 *   <li>A relation's id and ends are the ledger's ({@link RelationLedger}) once it has them: the
 *       operator of either application numbers a Relation naming its application once its spec is
 *       judged a relation ({@link RelationJudging}); from then on it is declared as numbered, even
 *       if its spec is edited or an application's endpoints change (a relation's ends never change;
 *       its status says so). It is undeclared only when its object is gone.
 *   <li>The application's peer relations are numbered in the same ledger (peers first, then
 *       Relations, each in name order), so ids are unique in the namespace as in a Juju model.
 *   <li>Nothing is declared before the application's own endpoints and the ledger are known: an
 *       empty declaration would remove every relation a restarted operator has.
 * </ul>
 *
 * @param self the application this operator runs
 */
record RelationsPlan(ApplicationName self) {

  /**
   * A Relation object as the plan needs it.
   *
   * @param uid its {@code metadata.uid}: its identity (a Relation created again is a new relation)
   * @param endpoints its {@code spec.endpoints}, as written
   * @param status its status as last written, or null
   */
  record RelationObject(
      String name,
      String uid,
      Long generation,
      List<String> endpoints,
      RelationResourceStatus status) {}

  /** What the cluster shows, all of it. */
  record Seen(
      List<RelationObject> relations,
      Map<ApplicationName, List<CharmEndpoint>> endpoints,
      Map<ApplicationName, Map<Long, RelationSide>> sides,
      Optional<RelationLedger> ledger) {}

  /**
   * What to do.
   *
   * @param ledger the ledger to write (with new ids, or rebuilt when missing); empty: none to write
   * @param statuses the statuses to write, by Relation name (conditions without transition times)
   * @param declarations every relation of the application, peers included; empty until they can be
   *     known
   * @param remoteSides the other application's side of each declared relation that has one
   */
  record Decided(
      Optional<RelationLedger> ledger,
      Map<String, RelationResourceStatus> statuses,
      Optional<List<DeclaredRelation>> declarations,
      List<RelationSide> remoteSides) {}

  static final String RELATED = "Related";
  static final String NUMBERING = "Numbering";
  static final String ENDS_FIXED = "EndsFixed";

  Decided next(Seen seen) {
    List<RelationObject> relations =
        seen.relations().stream().sorted(Comparator.comparing(RelationObject::name)).toList();
    Map<String, RelationJudgement> judged = new LinkedHashMap<>();
    for (RelationObject relation : relations)
      judged.put(
          relation.uid(),
          RelationJudging.judge(
              relation.endpoints(), app -> Optional.ofNullable(seen.endpoints().get(app))));
    Optional<List<CharmEndpoint>> own = Optional.ofNullable(seen.endpoints().get(self));

    List<RelationLedger.Wanted> wanted = new ArrayList<>();
    own.ifPresent(
        endpoints ->
            peers(endpoints)
                .forEach(
                    peer ->
                        wanted.add(
                            new RelationLedger.Wanted(
                                RelationLedger.peerName(self.value(), peer.name()),
                                self + ":" + peer.name(),
                                peer.interfaceName()))));
    for (RelationObject relation : relations) {
      if (judged.get(relation.uid()) instanceof RelationJudgement.Related related
          && related.relation().sideOf(self).isPresent())
        wanted.add(
            new RelationLedger.Wanted(
                RelationLedger.relationName(relation.uid()),
                related.relation().key(),
                related.relation().interfaceName()));
    }

    if (seen.ledger().isEmpty()) {
      RelationLedger rebuilt = RelationLedger.rebuilt(mirrored(relations)).numbering(wanted);
      return new Decided(Optional.of(rebuilt), Map.of(), Optional.empty(), List.of());
    }
    RelationLedger ledger = seen.ledger().get();
    RelationLedger numbered = ledger.numbering(wanted);
    Optional<RelationLedger> toWrite =
        numbered.equals(ledger) ? Optional.empty() : Optional.of(numbered);

    Map<String, RelationResourceStatus> statuses = new TreeMap<>();
    for (RelationObject relation : relations) {
      RelationJudgement judgement = judged.get(relation.uid());
      if (!concerns(relation, judgement)) continue;
      RelationResourceStatus status =
          status(relation, judgement, ledger.of(RelationLedger.relationName(relation.uid())));
      if (!timeless(status).equals(timeless(relation.status())))
        statuses.put(relation.name(), status);
    }

    if (own.isEmpty()) return new Decided(toWrite, statuses, Optional.empty(), List.of());
    List<DeclaredRelation> declared = new ArrayList<>();
    for (CharmEndpoint peer : peers(own.get())) {
      ledger
          .of(RelationLedger.peerName(self.value(), peer.name()))
          .ifPresent(
              entry ->
                  declared.add(
                      new DeclaredRelation(
                          entry.id(),
                          peer.name(),
                          entry.interfaceName(),
                          self.value(),
                          peer.name())));
    }
    for (RelationObject relation : relations) {
      ledger
          .of(RelationLedger.relationName(relation.uid()))
          .flatMap(entry -> declaredBy(entry))
          .ifPresent(declared::add);
    }
    declared.sort(Comparator.comparingLong(DeclaredRelation::id));
    List<RelationSide> remote = new ArrayList<>();
    for (DeclaredRelation relation : declared) {
      if (relation.remoteApplication().equals(self.value())) continue;
      RelationSide side =
          seen.sides()
              .getOrDefault(ApplicationName.of(relation.remoteApplication()), Map.of())
              .get(relation.id());
      if (side != null) remote.add(side);
    }
    return new Decided(toWrite, statuses, Optional.of(List.copyOf(declared)), List.copyOf(remote));
  }

  private static List<CharmEndpoint> peers(List<CharmEndpoint> endpoints) {
    return endpoints.stream()
        .filter(e -> e.role() == RelationRole.PEER)
        .sorted(Comparator.comparing(CharmEndpoint::name))
        .toList();
  }

  /**
   * Whether this operator writes the Relation's status: one naming its application, and one whose
   * spec names no application at all (malformed: every operator says the same of it).
   */
  private boolean concerns(RelationObject relation, RelationJudgement judgement) {
    if (judgement instanceof RelationJudgement.Refused refused
        && refused.reason().equals(RelationJudging.MALFORMED)) return true;
    return relation.endpoints() != null
        && relation.endpoints().stream()
            .anyMatch(end -> end != null && end.split(":", 2)[0].equals(self.value()));
  }

  /** The relation as this application sees it, if the entry's key names it. */
  private Optional<DeclaredRelation> declaredBy(RelationLedger.Entry entry) {
    String[] ends = entry.key().split(" ");
    if (ends.length != 2) return Optional.empty();
    for (int i = 0; i < 2; i++) {
      String[] mine = ends[i].split(":", 2);
      String[] theirs = ends[1 - i].split(":", 2);
      if (mine.length == 2 && theirs.length == 2 && mine[0].equals(self.value()))
        return Optional.of(
            new DeclaredRelation(entry.id(), mine[1], entry.interfaceName(), theirs[0], theirs[1]));
    }
    return Optional.empty();
  }

  private static RelationResourceStatus status(
      RelationObject relation, RelationJudgement judgement, Optional<RelationLedger.Entry> entry) {
    ApplicationCondition ready;
    if (entry.isPresent()) {
      String key = entry.get().key();
      boolean moved =
          judgement instanceof RelationJudgement.Related related
              && !related.relation().key().equals(key);
      ready =
          moved
              ? ApplicationCondition.of(
                  ApplicationCondition.READY,
                  true,
                  ENDS_FIXED,
                  "spec.endpoints now mean "
                      + ((RelationJudgement.Related) judgement).relation().key()
                      + ", but a relation's ends never change: it still joins "
                      + key
                      + "; delete this Relation and create another to relate other ends")
              : ApplicationCondition.of(
                  ApplicationCondition.READY,
                  true,
                  RELATED,
                  key + " (interface " + entry.get().interfaceName() + ")");
    } else {
      ready =
          switch (judgement) {
            case RelationJudgement.Related related ->
                ApplicationCondition.of(
                    ApplicationCondition.READY,
                    false,
                    NUMBERING,
                    related.relation().key() + ": waiting for its relation id");
            case RelationJudgement.Refused refused ->
                ApplicationCondition.of(
                    ApplicationCondition.READY, false, refused.reason(), refused.message());
          };
    }
    ready = ready.observed(relation.generation());
    return new RelationResourceStatus(
        entry.map(RelationLedger.Entry::id).orElse(null),
        entry.map(RelationLedger.Entry::key).orElse(null),
        entry.map(RelationLedger.Entry::interfaceName).orElse(null),
        relation.generation(),
        List.of(ready));
  }

  /** A status without its conditions' transition times, to tell whether it needs writing. */
  static RelationResourceStatus timeless(RelationResourceStatus status) {
    if (status == null) return null;
    return new RelationResourceStatus(
        status.relationId(),
        status.key(),
        status.interfaceName(),
        status.observedGeneration(),
        status.conditions() == null
            ? null
            : status.conditions().stream().map(ApplicationCondition::timeless).toList());
  }

  /** The entries the Relations' statuses mirror, for a ledger that has to be rebuilt. */
  private static Map<String, RelationLedger.Entry> mirrored(List<RelationObject> relations) {
    return relations.stream()
        .filter(r -> r.status() != null && r.status().relationId() != null)
        .filter(r -> r.status().key() != null)
        .collect(
            Collectors.toMap(
                r -> RelationLedger.relationName(r.uid()),
                r ->
                    new RelationLedger.Entry(
                        r.status().relationId(),
                        r.status().key(),
                        r.status().interfaceName() == null ? "" : r.status().interfaceName()),
                (a, b) -> a,
                TreeMap::new));
  }
}
