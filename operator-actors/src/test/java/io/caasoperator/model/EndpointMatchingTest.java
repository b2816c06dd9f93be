package io.caasoperator.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmRelations;
import io.caasoperator.domain.ApplicationName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code juju integrate a[:x] b[:y]}: which relation it means, or Juju's reason for none. */
class EndpointMatchingTest {

  private static final Map<String, CharmRelations> CHARMS =
      Map.of(
          "web",
          new CharmRelations(
              Map.of("website", "http"), Map.of("db", "mysql"), Map.of("sessions", "web-peers")),
          "db",
          new CharmRelations(
              Map.of("db", "mysql", "metrics", "prometheus"),
              Map.of(),
              Map.of("cluster", "db-peers", "replicas", "db-replicas")),
          "twin",
          new CharmRelations(Map.of(), Map.of("db", "mysql", "replica", "mysql"), Map.of()),
          "mon",
          new CharmRelations(
              Map.of(), Map.of("info", "juju-info", "target", "prometheus"), Map.of()),
          "proxy",
          new CharmRelations(Map.of("website", "http"), Map.of(), Map.of()));

  private static Inference infer(String... names) {
    return EndpointMatching.infer(
        List.of(names), app -> Optional.ofNullable(CHARMS.get(app.value())).map(CharmEndpoint::of));
  }

  private static String key(Inference inference) {
    assertThat(inference).isInstanceOf(Inference.Found.class);
    return ((Inference.Found) inference).relation().key();
  }

  private static String refusal(Inference inference) {
    assertThat(inference).isInstanceOf(Inference.Refused.class);
    return ((Inference.Refused) inference).reason();
  }

  @Test
  void namedEndpointsOfOneInterfaceRelateWithTheRequirerFirstInTheKey() {
    Inference found = infer("db:db", "web:db");

    assertThat(key(found)).isEqualTo("web:db db:db");
    MatchedRelation relation = ((Inference.Found) found).relation();
    assertThat(relation.interfaceName()).isEqualTo("mysql");
    assertThat(relation.end(RelationRole.PROVIDER).orElseThrow()).hasToString("db:db");
    assertThat(relation.end(RelationRole.REQUIRER).orElseThrow()).hasToString("web:db");
  }

  @Test
  void applicationsAloneAreEnoughWhenOnlyOnePairFitsWhicheverWayRoundTheyAreWritten() {
    assertThat(key(infer("web", "db"))).isEqualTo("web:db db:db");
    assertThat(key(infer("db", "web"))).isEqualTo("web:db db:db");
    assertThat(key(infer("web", "db:db"))).isEqualTo("web:db db:db");
  }

  @Test
  void twoFittingPairsAreAmbiguousAndJujuListsThemInOrder() {
    assertThat(refusal(infer("twin", "db")))
        .isEqualTo(
            "ambiguous relation: \"twin db\" could refer to \"twin:db db:db\"; \"twin:replica db:db\"");
    assertThat(key(infer("twin:replica", "db"))).isEqualTo("twin:replica db:db");
  }

  @Test
  void anAmbiguityOnlyTheImplicitJujuInfoEndpointCausesIsResolvedWithoutIt() {
    assertThat(key(infer("mon", "db"))).isEqualTo("mon:target db:metrics");
    assertThat(key(infer("mon:info", "db"))).isEqualTo("mon:info db:juju-info");
  }

  @Test
  void endpointsThatCannotRelateFindNoRelation() {
    assertThat(refusal(infer("web", "proxy")))
        .as("http provided on both sides")
        .isEqualTo("no relations found");
    assertThat(refusal(infer("web:db", "db:metrics")))
        .as("mysql against prometheus")
        .isEqualTo("no relations found");
    assertThat(refusal(infer("db:cluster", "web")))
        .as("a peer endpoint between two applications")
        .isEqualTo("no relations found");
  }

  @Test
  void anApplicationDoesNotRelateToItself() {
    assertThat(refusal(infer("web", "web"))).isEqualTo("no relations found");
  }

  @Test
  void unknownApplicationsAndEndpointsAreNamedAsJujuNamesThem() {
    assertThat(refusal(infer("web", "nope"))).isEqualTo("application \"nope\" not found");
    assertThat(refusal(infer("web:nope", "db")))
        .isEqualTo("application \"web\" has no \"nope\" relation");
    assertThat(refusal(infer("web:", "db"))).isEqualTo("invalid endpoint \"web:\"");
    assertThat(refusal(infer(":db", "db"))).isEqualTo("invalid endpoint \":db\"");
    assertThat(refusal(infer("Web", "db"))).isEqualTo("\"Web\" is not a valid application name");
    assertThat(refusal(infer("web", "db", "proxy"))).isEqualTo("cannot relate 3 endpoints");
  }

  @Test
  void oneNameMeansAPeerRelation() {
    assertThat(key(infer("web"))).isEqualTo("web:sessions");
    assertThat(((Inference.Found) infer("web")).relation().isPeer()).isTrue();
    assertThat(key(infer("db:replicas"))).isEqualTo("db:replicas");
    assertThat(refusal(infer("db")))
        .isEqualTo("ambiguous relation: \"db\" could refer to \"db:cluster\"; \"db:replicas\"");
    assertThat(refusal(infer("proxy"))).isEqualTo("no relations found");
  }

  @Test
  void everyCharmProvidesJujuInfoInJujusOrderOfRolesThenNames() {
    assertThat(CharmEndpoint.of(CHARMS.get("web")))
        .containsExactly(
            new CharmEndpoint("db", RelationRole.REQUIRER, "mysql"),
            CharmEndpoint.JUJU_INFO,
            new CharmEndpoint("website", RelationRole.PROVIDER, "http"),
            new CharmEndpoint("sessions", RelationRole.PEER, "web-peers"));
  }

  @Test
  void aRelationIdIsTheEndpointOnEachSideWithTheModelWideNumber() {
    MatchedRelation relation = ((Inference.Found) infer("web", "db")).relation();
    ModelRelation numbered = new ModelRelation(7, relation);

    assertThat(numbered.relationIdFor(new ApplicationName("web"))).contains("db:7");
    assertThat(numbered.relationIdFor(new ApplicationName("db"))).contains("db:7");
    assertThat(numbered.relationIdFor(new ApplicationName("proxy"))).isEmpty();
  }
}
