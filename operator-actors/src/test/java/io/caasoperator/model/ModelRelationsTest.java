package io.caasoperator.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmRelations;
import io.caasoperator.domain.ApplicationName;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A bundle's relations matched against its charms and numbered for the model. */
class ModelRelationsTest {

  private static final ApplicationName WEB = new ApplicationName("web");
  private static final ApplicationName DB = new ApplicationName("db");
  private static final Map<ApplicationName, List<CharmEndpoint>> ENDPOINTS =
      Map.of(
          WEB,
          CharmEndpoint.of(
              new CharmRelations(
                  Map.of(), Map.of("db", "mysql", "cache", "redis"), Map.of("sessions", "p"))),
          DB,
          CharmEndpoint.of(
              new CharmRelations(
                  Map.of("db", "mysql", "admin", "mysql"), Map.of(), Map.of("cluster", "q"))));

  private static Bundle bundle(List<String>... relations) {
    return new Bundle(
        Path.of("/b/bundle.yaml"),
        "",
        List.of(application(DB), application(WEB)),
        List.of(relations).stream().map(BundleRelation::new).toList());
  }

  private static BundleApplication application(ApplicationName name) {
    return new BundleApplication(name, Optional.empty(), 1, Map.of(), false, Map.of(), 0);
  }

  @Test
  void peersComeFirstThenTheBundlesRelationsOneIdSequenceForTheModel() {
    ModelRelations model = ModelRelations.of(bundle(List.of("web", "db:db")), ENDPOINTS);

    assertThat(model.problems()).isEmpty();
    assertThat(model.relations())
        .extracting(r -> r.id() + " " + r.relation().key())
        .containsExactly("0 db:cluster", "1 web:sessions", "2 web:db db:db");
    assertThat(model.relations().get(2).relationIdFor(WEB)).contains("db:2");
  }

  @Test
  void theSameRelationWrittenTwiceDifferentlyIsFoundOnceItsEndpointsAreInferred() {
    ModelRelations model =
        ModelRelations.of(bundle(List.of("web", "db:db"), List.of("db:db", "web:db")), ENDPOINTS);

    assertThat(model.problems())
        .containsExactly(
            "/b/bundle.yaml: relation [\"db:db\" \"web:db\"] is defined more than once");
    assertThat(model.relations()).hasSize(3);
  }

  @Test
  void aRelationJujuWouldRefuseIsReportedWithJujusReasonAndGetsNoId() {
    ModelRelations model =
        ModelRelations.of(
            bundle(List.of("web", "db"), List.of("web:cache", "db"), List.of("web:db", "db:db")),
            ENDPOINTS);

    assertThat(model.problems())
        .containsExactly(
            "/b/bundle.yaml: relation [\"web\" \"db\"]: ambiguous relation: \"web db\" could refer to"
                + " \"web:db db:admin\"; \"web:db db:db\"",
            "/b/bundle.yaml: relation [\"web:cache\" \"db\"]: no relations found");
    assertThat(model.relations())
        .extracting(r -> r.id() + " " + r.relation().key())
        .containsExactly("0 db:cluster", "1 web:sessions", "2 web:db db:db");
  }

  @Test
  void relationsOfAnApplicationWhoseCharmCouldNotBeReadAreLeftOutQuietly() {
    ModelRelations model =
        ModelRelations.of(bundle(List.of("web", "db")), Map.of(WEB, ENDPOINTS.get(WEB)));

    assertThat(model.problems()).isEmpty();
    assertThat(model.relations())
        .extracting(r -> r.relation().key())
        .containsExactly("web:sessions");
  }
}
