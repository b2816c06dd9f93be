package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.ModelState;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.relation.RelationSides;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * A model of several applications in one process: an {@link OperatorActor} per application, which
 * the model starts when the application appears in the model and stops once it is gone; the
 * relation ids and the applications of the model ({@link ModelIds}, journaled); each operator told
 * all its relations ({@code RelationsDeclared}) when it starts, after each recovery of its journal
 * and whenever they change; and each relation side an operator publishes handed to the operator at
 * the other end ({@code RemoteSideObserved}), the latest ones again after a declaration ({@link
 * SideRelay}).
 *
 * <p>An application removed from the bundle is dying ({@link ModelApplications}): its operator,
 * told so ({@link ApplicationOperators#removing}), runs on with no relations until its last unit
 * ran {@code remove} and it reports the application gone; only then, and once its secrets' removal
 * is journaled ({@link ApplicationOperators#stopped}), is its own removal journaled. A model that
 * restarts with a dying application in its journal starts its operator again for that, so a crash
 * mid-removal, or a removal while the process was down, still tears every unit down and removes its
 * secrets.
 *
 * <p>Applications are addressed by name ({@link Forward}): no reference to an operator leaves this
 * actor, so the operators could live on other nodes (a Pekko Cluster's sharded entities, keyed by
 * application name) without changing who talks to them.
 */
public final class ModelActor extends AbstractBehavior<ModelActor.Command> {

  public sealed interface Command {}

  /**
   * The model as last read well: its applications and its matched relations (each application's
   * peers first, then the bundle's, as {@code ModelRelations} orders them).
   */
  public record ModelRead(List<ApplicationName> applications, List<MatchedRelation> relations)
      implements Command {
    public ModelRead {
      applications = List.copyOf(applications);
      relations = List.copyOf(relations);
    }
  }

  /** {@code command} for the operator of {@code application}; dropped when it has none. */
  public record Forward(ApplicationName application, OperatorActor.Command command)
      implements Command {}

  /**
   * An action by id alone: each application numbers its own actions, so every operator is asked,
   * and the one that has it answers ({@code untilFinished}: once it finished); when none has it,
   * the first answer (saying so) is the reply.
   */
  public record FindAction(OperatorActor.GetAction request) implements Command {}

  /** Replies with the model's applications and relations. */
  public record GetOverview(ActorRef<ModelOverview> replyTo) implements Command {}

  /** Drains every operator (shutdown); replies once none runs a hook. */
  public record Drain(ActorRef<Done> replyTo) implements Command {}

  private record Numbered(ModelState ids) implements Command {}

  private record SidesPublished(ApplicationName application, List<RelationSide> sides)
      implements Command {}

  private record ApplicationGone(ApplicationName application, String reason) implements Command {}

  /** The operator of {@code application} recovered its journal (started or restarted). */
  private record OperatorRecovered(ApplicationName application) implements Command {}

  /**
   * A dying application's operator stopped and what it held is released ({@code operators.stopped}:
   * its secrets' removal journaled): its own removal is journaled next.
   */
  private record Released(ApplicationName application) implements Command {}

  /**
   * The removal of {@code application} was journaled (or failed to be: still dying, it is operated
   * again); the model as last read, again: a name listed again meanwhile joins.
   */
  private record RemovalJournaled(ApplicationName application) implements Command {}

  /** An alive application whose operator reported it gone is operated again, if still listed. */
  private record OperateAgain(ApplicationName application) implements Command {}

  private record OperatorDrained(ApplicationName application) implements Command {}

  private record ActionAnswered(
      long search, ApplicationName application, io.caasoperator.action.ActionLookup lookup)
      implements Command {}

  /** A {@link FindAction} under way: the operators not yet answered, the first answer. */
  private record ActionSearch(
      OperatorActor.GetAction request,
      Set<ApplicationName> waiting,
      io.caasoperator.action.ActionLookup first) {}

  private final Map<Long, ActionSearch> searches = new java.util.HashMap<>();
  private long searchNumber;

  /** How long a failed operator waits before it starts again, as a unit does. */
  private static final Duration OPERATOR_RESTART = Duration.ofSeconds(3);

  private final String model;
  private final ApplicationOperators operators;
  private final ActorRef<ModelIds.Command> ids;

  private ModelRead read = new ModelRead(List.of(), List.of());
  private ModelState numbered = ModelState.EMPTY;
  private Declarations declared = Declarations.NONE;
  private SideRelay relay = SideRelay.EMPTY;
  private final Map<ApplicationName, ActorRef<OperatorActor.Command>> running =
      new TreeMap<>(java.util.Comparator.comparing(ApplicationName::value));
  private int generation;

  /** Applications whose operators were told they are removed ({@code operators.removing}). */
  private final Set<ApplicationName> removing = new HashSet<>();

  /**
   * Dying applications whose operator stopped, their removal not yet journaled: neither started nor
   * told they are removed again meanwhile, the journal still saying they are dying.
   */
  private final Set<ApplicationName> releasing = new HashSet<>();

  private final Set<ApplicationName> draining = new HashSet<>();
  private final List<ActorRef<Done>> drainReplies = new ArrayList<>();

  /**
   * @param model the model's name; its journal is {@code model|<model>}
   * @param operators starts and releases each application's operator
   */
  public static Behavior<Command> create(
      String model, ApplicationOperators operators, Clock clock) {
    return Behaviors.setup(ctx -> new ModelActor(ctx, model, operators, clock));
  }

  private ModelActor(
      ActorContext<Command> ctx, String model, ApplicationOperators operators, Clock clock) {
    super(ctx);
    this.model = model;
    this.operators = operators;
    this.ids = ctx.spawn(ModelIds.create(model, clock), "ids");
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(ModelRead.class, this::onRead)
        .onMessage(Numbered.class, this::onNumbered)
        .onMessage(SidesPublished.class, this::onSides)
        .onMessage(ApplicationGone.class, this::onGone)
        .onMessage(OperatorRecovered.class, r -> redeclare(r.application()))
        .onMessage(OperateAgain.class, this::onOperateAgain)
        .onMessage(Released.class, this::onReleased)
        .onMessage(RemovalJournaled.class, this::onRemovalJournaled)
        .onMessage(Forward.class, this::onForward)
        .onMessage(GetOverview.class, this::onOverview)
        .onMessage(FindAction.class, this::onFindAction)
        .onMessage(ActionAnswered.class, this::onActionAnswered)
        .onMessage(Drain.class, this::onDrain)
        .onMessage(OperatorDrained.class, this::onDrained)
        .build();
  }

  private Behavior<Command> onRead(ModelRead model) {
    read = model;
    // the ids are journaled first; the operators hear of the model once they are
    getContext()
        .ask(
            ModelState.class,
            ids,
            Duration.ofSeconds(30),
            reply -> new ModelIds.Number(model.applications(), model.relations(), reply),
            (state, failure) -> {
              if (failure != null) {
                getContext().getLog().warn("the model's relation ids: {}", failure.toString());
                return new ModelRead(model.applications(), model.relations()); // try again
              }
              return new Numbered(state);
            });
    return this;
  }

  /**
   * Operates every application the journal has: an alive one as the bundle says, a dying one told
   * it is removed first (also when it runs already: the bundle may list its name again meanwhile).
   */
  private Behavior<Command> onNumbered(Numbered n) {
    numbered = n.ids();
    Set<ApplicationName> fresh = new HashSet<>();
    numbered
        .applications()
        .forEach(
            (name, life) -> {
              ApplicationName application = ApplicationName.of(name);
              if (releasing.contains(application)) return;
              if (life == Life.DYING && removing.add(application)) {
                getContext().getLog().info("{}: {} is dying; its units stop and go", model, name);
                operators.removing(application);
              }
              if (!running.containsKey(application)) {
                start(application);
                fresh.add(application);
              }
            });
    declare(fresh);
    return this;
  }

  /** Tells {@code application}'s operator its relations again, with the latest remote sides. */
  private Behavior<Command> redeclare(ApplicationName application) {
    if (running.containsKey(application)) declare(Set.of(application));
    return this;
  }

  /**
   * Tells each running operator its relations when they changed since it was last told, and those
   * in {@code fresh} (just started) in any case, each then with the latest remote sides.
   */
  private void declare(Set<ApplicationName> fresh) {
    Declarations next = Declarations.of(read.applications(), read.relations(), numbered);
    for (Map.Entry<ApplicationName, ActorRef<OperatorActor.Command>> operator :
        running.entrySet()) {
      ApplicationName application = operator.getKey();
      List<DeclaredRelation> relations = next.of(application);
      if (!fresh.contains(application) && relations.equals(declared.of(application))) continue;
      operator.getValue().tell(new OperatorActor.RelationsDeclared(relations));
      SideRelay.Relayed relayed = relay.declared(application, next);
      relay = relayed.relay();
      deliver(relayed.deliveries());
    }
    declared = next;
  }

  /** Spawns {@code application}'s operator; the caller declares its relations to it next. */
  private void start(ApplicationName application) {
    ActorRef<Command> self = getContext().getSelf();
    var behavior =
        operators.operate(
            application,
            new RelationSides() {
              @Override
              public void published(String app, List<RelationSide> sides) {
                self.tell(new SidesPublished(ApplicationName.of(app), sides));
              }

              @Override
              public void recovered(String app) {
                self.tell(new OperatorRecovered(ApplicationName.of(app)));
              }
            },
            reason -> self.tell(new ApplicationGone(application, reason)));
    // a failure restarts the operator (it recovers its journal and is declared its relations
    // again: what it was told before may not have been journaled), never stops it for good
    var supervised =
        Behaviors.supervise(behavior)
            .onFailure(
                Exception.class,
                SupervisorStrategy.restartWithBackoff(OPERATOR_RESTART, OPERATOR_RESTART, 0.0));
    // a new name each time: a stopped operator's name is free only once it has stopped
    var operator = getContext().spawn(supervised, "operator-" + application + "-" + ++generation);
    running.put(application, operator);
    getContext().getLog().info("{}: operating {}", model, application);
    // its relations follow at once (declare), before any side: never an empty
    // declaration first, which would take a restarted operator's relations away
  }

  private Behavior<Command> onSides(SidesPublished published) {
    SideRelay.Relayed relayed =
        relay.published(published.application(), published.sides(), declared);
    relay = relayed.relay();
    deliver(relayed.deliveries());
    return this;
  }

  private void deliver(List<SideRelay.Delivery> deliveries) {
    for (SideRelay.Delivery delivery : deliveries) {
      ActorRef<OperatorActor.Command> operator = running.get(delivery.application());
      if (operator != null) operator.tell(new OperatorActor.RemoteSideObserved(delivery.side()));
    }
  }

  /**
   * The operator is stopped; a dying application's removal is journaled once what it held is
   * released (its secrets removed), and the model read again (a name listed again meanwhile joins
   * now); an alive one is operated again after a while if the bundle still lists it (its substrate
   * found no application: say, the file went away for now).
   */
  private Behavior<Command> onGone(ApplicationGone gone) {
    ApplicationName application = gone.application();
    ActorRef<OperatorActor.Command> operator = running.remove(application);
    if (operator == null) return this;
    getContext()
        .getLog()
        .info("{}: {} is gone ({}); its operator stops", model, application, gone.reason());
    getContext().stop(operator);
    CompletionStage<Done> released = operators.stopped(application);
    removing.remove(application);
    if (draining.remove(application)) answerDrainsWhenDone();
    if (numbered.lifeOf(application.value()).orElse(Life.DEAD) != Life.DYING) {
      getContext()
          .scheduleOnce(OPERATOR_RESTART, getContext().getSelf(), new OperateAgain(application));
      return this;
    }
    // its removal is journaled only after its secrets' is: killed between the two, it is still
    // dying after a restart and removed again, secrets too, never gone with its secrets left in
    // the journal for a later application of the name
    releasing.add(application);
    getContext().pipeToSelf(released, (done, failure) -> new Released(application));
    return this;
  }

  private Behavior<Command> onReleased(Released released) {
    ApplicationName application = released.application();
    getContext()
        .ask(
            ModelState.class,
            ids,
            Duration.ofSeconds(30),
            reply -> new ModelIds.Gone(application, reply),
            (state, failure) -> {
              if (failure != null) {
                getContext()
                    .getLog()
                    .warn("the removal of {}: {}", application, failure.toString());
                // still dying in the journal: operated again, it reports gone again
              }
              return new RemovalJournaled(application);
            });
    return this;
  }

  private Behavior<Command> onRemovalJournaled(RemovalJournaled journaled) {
    releasing.remove(journaled.application());
    return onRead(read);
  }

  private Behavior<Command> onOperateAgain(OperateAgain again) {
    ApplicationName application = again.application();
    if (!running.containsKey(application) && read.applications().contains(application)) {
      start(application);
      declare(Set.of(application));
    }
    return this;
  }

  private Behavior<Command> onForward(Forward forward) {
    ActorRef<OperatorActor.Command> operator = running.get(forward.application());
    if (operator != null) {
      operator.tell(forward.command());
    } else if (forward.command() instanceof OperatorActor.GetUnit get) {
      get.replyTo().tell(Optional.empty());
    } else {
      getContext()
          .getLog()
          .debug(
              "{}: no application {}; dropped {}", model, forward.application(), forward.command());
    }
    return this;
  }

  private Behavior<Command> onFindAction(FindAction find) {
    long search = ++searchNumber;
    OperatorActor.GetAction request = find.request();
    if (running.isEmpty()) {
      request
          .replyTo()
          .tell(
              new io.caasoperator.action.ActionLookup(
                  null, null, "action " + request.id() + " not found"));
      return this;
    }
    searches.put(search, new ActionSearch(request, new HashSet<>(running.keySet()), null));
    running.forEach(
        (application, operator) ->
            getContext()
                .ask(
                    io.caasoperator.action.ActionLookup.class,
                    operator,
                    Duration.ofSeconds(10),
                    reply -> new OperatorActor.GetAction(request.id(), false, reply),
                    (lookup, failure) ->
                        new ActionAnswered(
                            search,
                            application,
                            lookup != null
                                ? lookup
                                : new io.caasoperator.action.ActionLookup(
                                    null, null, application + " did not answer"))));
    return this;
  }

  private Behavior<Command> onActionAnswered(ActionAnswered answered) {
    ActionSearch search = searches.get(answered.search());
    if (search == null) return this;
    OperatorActor.GetAction request = search.request();
    if (answered.lookup().action() != null) {
      searches.remove(answered.search());
      ActorRef<OperatorActor.Command> operator = running.get(answered.application());
      if (request.untilFinished() && operator != null) operator.tell(request);
      else request.replyTo().tell(answered.lookup());
      return this;
    }
    Set<ApplicationName> waiting = new HashSet<>(search.waiting());
    waiting.remove(answered.application());
    io.caasoperator.action.ActionLookup first =
        search.first() == null ? answered.lookup() : search.first();
    if (waiting.isEmpty()) {
      searches.remove(answered.search());
      request.replyTo().tell(first);
    } else {
      searches.put(answered.search(), new ActionSearch(request, waiting, first));
    }
    return this;
  }

  private Behavior<Command> onOverview(GetOverview get) {
    List<ModelOverview.Relation> relations = new ArrayList<>();
    for (MatchedRelation relation : read.relations()) {
      numbered
          .idOf(relation.key())
          .ifPresent(
              id ->
                  relations.add(
                      new ModelOverview.Relation(
                          id,
                          relation.key(),
                          relation.endpoints().stream().map(RelationEndpoint::toString).toList(),
                          relation.interfaceName(),
                          relation.isPeer())));
    }
    relations.sort(java.util.Comparator.comparingLong(ModelOverview.Relation::id));
    get.replyTo()
        .tell(
            new ModelOverview(
                model, running.keySet().stream().map(ApplicationName::value).toList(), relations));
    return this;
  }

  private Behavior<Command> onDrain(Drain drain) {
    drainReplies.add(drain.replyTo());
    for (Map.Entry<ApplicationName, ActorRef<OperatorActor.Command>> operator :
        running.entrySet()) {
      ApplicationName application = operator.getKey();
      if (!draining.add(application)) continue;
      getContext()
          .ask(
              Done.class,
              operator.getValue(),
              Duration.ofDays(1), // the runtime bounds the drain with its shutdown timeout
              OperatorActor.Drain::new,
              (done, failure) -> new OperatorDrained(application));
    }
    answerDrainsWhenDone();
    return this;
  }

  private Behavior<Command> onDrained(OperatorDrained drained) {
    draining.remove(drained.application());
    answerDrainsWhenDone();
    return this;
  }

  private void answerDrainsWhenDone() {
    if (!draining.isEmpty()) return;
    drainReplies.forEach(reply -> reply.tell(Done.getInstance()));
    drainReplies.clear();
  }
}
