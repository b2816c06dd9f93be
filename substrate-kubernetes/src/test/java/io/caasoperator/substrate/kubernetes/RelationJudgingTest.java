package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.RelationRole;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RelationJudgingTest {

  static final Map<ApplicationName, List<CharmEndpoint>> NAMESPACE =
      Map.of(
          ApplicationName.of("wordpress"),
          List.of(
              new CharmEndpoint("db", RelationRole.REQUIRER, "mysql"),
              new CharmEndpoint("cache", RelationRole.REQUIRER, "memcache"),
              CharmEndpoint.JUJU_INFO),
          ApplicationName.of("mysql"),
          List.of(
              new CharmEndpoint("db", RelationRole.PROVIDER, "mysql"),
              new CharmEndpoint("db-admin", RelationRole.PROVIDER, "mysql"),
              new CharmEndpoint("cluster", RelationRole.PEER, "mysql-ha"),
              CharmEndpoint.JUJU_INFO));

  private static RelationJudgement judge(String... endpoints) {
    return RelationJudging.judge(
        endpoints == null ? null : List.of(endpoints),
        app -> Optional.ofNullable(NAMESPACE.get(app)));
  }

  @Test
  void twoNamedEndpointsOfOneInterfaceAreRelatedRequirerFirst() {
    assertThat(judge("mysql:db", "wordpress:db"))
        .isInstanceOfSatisfying(
            RelationJudgement.Related.class,
            r -> {
              assertThat(r.relation().key()).isEqualTo("wordpress:db mysql:db");
              assertThat(r.relation().interfaceName()).isEqualTo("mysql");
            });
  }

  @Test
  void anEndpointLeftOutIsInferredWhenOnlyOneFits() {
    assertThat(judge("wordpress", "mysql:db-admin"))
        .isInstanceOfSatisfying(
            RelationJudgement.Related.class,
            r -> assertThat(r.relation().key()).isEqualTo("wordpress:db mysql:db-admin"));
  }

  @Test
  void twoPossibleRelationsAreRefusedInJujusWords() {
    assertThat(judge("wordpress", "mysql"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.AMBIGUOUS,
                "ambiguous relation: \"wordpress mysql\" could refer to"
                    + " \"wordpress:db mysql:db\"; \"wordpress:db mysql:db-admin\""));
  }

  @Test
  void anApplicationNoOperatorPublishedIsNotFound() {
    assertThat(judge("wordpress:db", "postgresql"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.APPLICATION_NOT_FOUND, "application \"postgresql\" not found"));
  }

  @Test
  void endpointsThatCannotRelateAreNoMatch() {
    assertThat(judge("wordpress:cache", "mysql"))
        .isEqualTo(new RelationJudgement.Refused(RelationJudging.NO_MATCH, "no relations found"));
    assertThat(judge("wordpress:nope", "mysql"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.NO_MATCH, "application \"wordpress\" has no \"nope\" relation"));
  }

  @Test
  void malformedEndsAreNamed() {
    assertThat(judge("wordpress:db"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.MALFORMED,
                "spec.endpoints names two ends (application or application:endpoint), got 1"));
    assertThat(judge((String[]) null))
        .isInstanceOfSatisfying(
            RelationJudgement.Refused.class,
            r -> assertThat(r.reason()).isEqualTo(RelationJudging.MALFORMED));
    assertThat(judge("wordpress:db:x", "mysql"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.MALFORMED, "invalid endpoint \"wordpress:db:x\""));
    assertThat(judge("wordpress:", "mysql"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.MALFORMED, "invalid endpoint \"wordpress:\""));
    assertThat(judge("WordPress", "mysql"))
        .isEqualTo(
            new RelationJudgement.Refused(
                RelationJudging.MALFORMED, "\"WordPress\" is not a valid application name"));
  }
}
