package io.caasoperator.secret.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffects;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.ForeignSecret;
import io.caasoperator.secret.ForeignSecrets;
import io.caasoperator.secret.SecretBook;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretCommit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The secret tools of a consumer unit (mariadb/0) reading a secret that wordpress owns and granted
 * over their relation db:5, as Juju's secretsmanager answers a consumer: tracked revision, --peek,
 * --refresh, consumer label; permission denied without a grant; no metadata.
 */
class ConsumedSecretToolsTest {

  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final String URI = "secret:" + ID;

  private static final RelationView DB =
      new RelationView(
          5, "db", "wordpress", List.of("wordpress/0"), Map.of(), Map.of(), true, Map.of(), false);

  /** wordpress's secret at {@code latest}, each revision's password "p<revision>". */
  private static ForeignSecrets wordpressAt(int latest, ForeignSecret.Access... access) {
    ForeignSecret secret =
        new ForeignSecret(
            ID,
            SecretOwner.application("wordpress"),
            "wordpress",
            latest,
            TestContext.NOW,
            List.of(access),
            revision ->
                revision <= latest
                    ? Optional.of(Map.of("password", "p" + revision))
                    : Optional.empty());
    return id -> id.equals(ID) ? Optional.of(secret) : Optional.empty();
  }

  private static final ForeignSecret.Access GRANTED = new ForeignSecret.Access.OverRelation(5, "");

  /** mariadb/0 in {@code relations}, its application's secret state {@code state}. */
  private record Ctx(TestContext base, SecretBook secrets, Map<Long, RelationView> relations)
      implements TestContext.Delegating {
    Ctx(SecretsState state, ForeignSecrets others, Map<Long, RelationView> relations) {
      this(
          TestContext.follower(),
          new SecretBook(
              state,
              content -> {
                throw new AssertionError("no own secret is opened");
              },
              List.of(),
              () -> "unused",
              others),
          relations);
    }

    /** Runs the tool and keeps its changes pending, as the unit's actor does. */
    Ctx then(List<ToolOutcome> into, String tool, String... args) {
      ToolOutcome outcome = run(tool, args);
      into.add(outcome);
      return new Ctx(
          base,
          secrets.with(ToolEffects.split(outcome.effects(), TestContext.NOW).secretChanges()),
          relations);
    }

    /** The state once this hook's changes are committed by the application's store. */
    SecretsState committed() {
      SecretsState state = secrets.committed();
      for (SecretEvent e :
          SecretCommit.events(state, secrets.pending(), c -> null, TestContext.NOW))
        state = state.apply(e);
      return state;
    }
  }

  private static Ctx inDb(SecretsState state, ForeignSecrets others) {
    return new Ctx(state, others, Map.of(5L, DB));
  }

  @Test
  void theFirstReadTracksTheLatestAndLaterHooksReadTheTrackedRevision() {
    List<ToolOutcome> out = new ArrayList<>();
    Ctx first = inDb(SecretsState.EMPTY, wordpressAt(1, GRANTED)).then(out, "secret-get", URI);
    assertThat(out.get(0).stdout()).isEqualTo("password: p1\n");
    assertThat(first.secrets().pending())
        .containsExactly(new SecretChange.Consumed(ID, "mariadb/0", 1, ""));

    // the owner publishes revision 2; the next hook still reads revision 1
    SecretsState tracked = first.committed();
    Ctx later = inDb(tracked, wordpressAt(2, GRANTED));
    assertThat(later.run("secret-get", URI, "password").stdout()).isEqualTo("p1\n");
    assertThat(later.run("secret-get", URI, "--peek").stdout()).isEqualTo("password: p2\n");
    assertThat(later.run("secret-get", URI, "--peek").effects()).isEmpty();

    List<ToolOutcome> refreshed = new ArrayList<>();
    Ctx after =
        later
            .then(refreshed, "secret-get", URI, "--refresh")
            .then(refreshed, "secret-get", URI, "password");
    assertThat(refreshed).extracting(ToolOutcome::stdout).containsExactly("password: p2\n", "p2\n");
    assertThat(after.committed().consumption("mariadb/0", ID).orElseThrow().revision())
        .isEqualTo(2);
  }

  @Test
  void aLabelGivenOnTheFirstReadNamesTheSecretLater() {
    List<ToolOutcome> out = new ArrayList<>();
    Ctx hook =
        inDb(SecretsState.EMPTY, wordpressAt(1, GRANTED))
            .then(out, "secret-get", URI, "--label", "wp-creds")
            .then(out, "secret-get", "--label", "wp-creds");
    assertThat(out)
        .extracting(ToolOutcome::stdout)
        .containsExactly("password: p1\n", "password: p1\n");

    Ctx next = inDb(hook.committed(), wordpressAt(1, GRANTED));
    assertThat(next.run("secret-get", "--label", "wp-creds").stdout()).isEqualTo("password: p1\n");
    assertThat(next.run("secret-get", "--label", "other").stderr())
        .isEqualTo("ERROR consumer label \"other\" not found\n");
  }

  @Test
  void aUnitNotGrantedIsDeniedAsJujuDeniesIt() {
    assertThat(inDb(SecretsState.EMPTY, wordpressAt(1)).run("secret-get", URI).stderr())
        .as("never granted, or revoked")
        .isEqualTo("ERROR permission denied\n");
    assertThat(
            inDb(
                    SecretsState.EMPTY,
                    wordpressAt(1, new ForeignSecret.Access.OverRelation(5, "mariadb/1")))
                .run("secret-get", URI)
                .stderr())
        .as("granted to another unit")
        .isEqualTo("ERROR permission denied\n");
    assertThat(
            new Ctx(SecretsState.EMPTY, wordpressAt(1, GRANTED), Map.of())
                .run("secret-get", URI)
                .stderr())
        .as("the relation is gone")
        .isEqualTo("ERROR permission denied\n");
    RelationView broken =
        new RelationView(5, "db", "wordpress", List.of(), Map.of(), Map.of(), true, Map.of(), true);
    assertThat(
            new Ctx(SecretsState.EMPTY, wordpressAt(1, GRANTED), Map.of(5L, broken))
                .run("secret-get", URI)
                .stderr())
        .as("the relation is being broken")
        .isEqualTo("ERROR permission denied\n");
    assertThat(
            inDb(SecretsState.EMPTY, ForeignSecrets.NONE)
                .run("secret-get", "secret:d0j7ha3q1c4s73d2faaa")
                .stderr())
        .isEqualTo("ERROR secret \"d0j7ha3q1c4s73d2faaa\" not found\n");
  }

  @Test
  void aConsumerReadsNoMetadataAndManagesNothing() {
    Ctx consumer = inDb(SecretsState.EMPTY, wordpressAt(1, GRANTED));
    assertThat(consumer.run("secret-info-get", URI).stderr())
        .isEqualTo("ERROR secret \"" + ID + "\" not found\n");
    assertThat(consumer.run("secret-set", URI, "password=mine").stderr()).contains("not found");
    assertThat(consumer.run("secret-ids").stdout()).doesNotContain(ID);
  }
}
