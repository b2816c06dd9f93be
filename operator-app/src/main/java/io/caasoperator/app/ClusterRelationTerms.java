package io.caasoperator.app;

import io.caasoperator.charm.CharmException;
import io.caasoperator.charm.CharmRelations;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.substrate.kubernetes.ClusterRelations;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The application's relations on a cluster ({@code run --relations}), one {@link ClusterRelations}
 * per term of the operator: opened when an operator actor starts acting ({@link OperatorTerms}),
 * telling that actor its relations and their other sides; closed when the term ends, so a replica
 * standing by never writes the application's relation record over the acting one's. The operator
 * publishes its sides here ({@link RelationSides}), whichever term it is in.
 */
final class ClusterRelationTerms implements RelationSides, OperatorTerms.Observer {

  private static final Logger log = LoggerFactory.getLogger(ClusterRelationTerms.class);

  private final Function<ClusterRelations.Listener, ClusterRelations> opening;
  private final CharmStore charms;
  private final Executor blocking;

  /** This term's relations; null between terms. */
  private volatile ClusterRelations current;

  /** The deployed charm's endpoints, once read: handed to each term's relations. */
  private volatile List<CharmEndpoint> endpoints;

  /**
   * @param opening the substrate's relations of the application, for a listener (not started)
   * @param charms where the deployed charms' metadata is read from
   * @param blocking where the metadata is read (never the operator's thread)
   */
  ClusterRelationTerms(
      Function<ClusterRelations.Listener, ClusterRelations> opening,
      CharmStore charms,
      Executor blocking) {
    this.opening = opening;
    this.charms = charms;
    this.blocking = blocking;
  }

  /** A term began: {@code operator} hears of its relations until it ends. */
  @Override
  public synchronized void termStarted(ActorRef<OperatorActor.Command> operator) {
    termEnded();
    ClusterRelations relations =
        opening.apply(
            new ClusterRelations.Listener() {
              @Override
              public void declared(List<DeclaredRelation> declared) {
                operator.tell(new OperatorActor.RelationsDeclared(declared));
              }

              @Override
              public void remoteSideObserved(RelationSide side) {
                operator.tell(new OperatorActor.RemoteSideObserved(side));
              }
            });
    List<CharmEndpoint> known = endpoints;
    if (known != null) relations.endpointsKnown(known);
    current = relations.start();
  }

  /** The term ended (or the operator stopped): nothing more is told or written. */
  @Override
  public synchronized void termEnded() {
    ClusterRelations ended = current;
    current = null;
    if (ended != null) ended.close();
  }

  /** The operator announced its charm (the substrate's {@code charmDeployed}): its endpoints. */
  void charmDeployed(CharmInfo charm) {
    blocking.execute(
        () -> {
          try {
            List<CharmEndpoint> read =
                CharmEndpoint.of(
                    CharmRelations.of(new DeployedCharm(charms.dirOf(charm.sha256()), charm)));
            endpoints = read;
            ClusterRelations relations = current;
            if (relations != null) relations.endpointsKnown(read);
          } catch (CharmException e) {
            // the operator deployed it, so this is unexpected: without endpoints nothing is
            // declared, and the application's existing relations stay as they are
            log.warn("the endpoints of charm {}: {}", charm.name(), e.getMessage());
          }
        });
  }

  @Override
  public void published(String application, List<RelationSide> sides) {
    ClusterRelations relations = current;
    if (relations != null) relations.published(application, sides);
  }
}
