package io.caasoperator.secret.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolEffects;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.catalogue.HookTools;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretBook;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretCommit;
import io.caasoperator.secret.SecretSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretToolsTest {

  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final String NEW_ID = "d0j7hb3q1c4s73d2fb00";
  private static final SecretCipher CIPHER = SecretCipher.withRandomKey();

  /** A unit's context with the application's secrets, and the changes it made so far pending. */
  private record Ctx(TestContext base, SecretBook secrets) implements TestContext.Delegating {
    /** The application's peer relation, replicas:3. */
    @Override
    public Map<Long, RelationView> relations() {
      return Map.of(
          3L, new RelationView(3, "replicas", "mariadb", List.of("mariadb/1"), Map.of(), Map.of()));
    }

    /** Runs the tool and keeps its changes pending, as the unit's actor does. */
    Ctx then(List<ToolOutcome> into, String tool, String... args) {
      ToolOutcome outcome = run(tool, args);
      into.add(outcome);
      List<SecretChange> changes =
          ToolEffects.split(outcome.effects(), TestContext.NOW).secretChanges();
      return new Ctx(base, secrets.with(changes));
    }
  }

  private static SecretBook book(SecretsState state) {
    return new SecretBook(state, CIPHER::open, List.of(), () -> NEW_ID);
  }

  /** The store's state with one application secret "db" (revision 1: password=s3cret). */
  private static SecretsState committed() {
    return SecretsState.EMPTY.apply(
        new SecretEvent.SecretCreated(
            ID,
            SecretOwner.application("mariadb"),
            "db",
            "the database",
            null,
            null,
            null,
            CIPHER.seal(Map.of("password", "s3cret")),
            TestContext.NOW));
  }

  private static Ctx leader() {
    return new Ctx(TestContext.leader(), book(committed()));
  }

  private static Ctx follower() {
    return new Ctx(TestContext.follower(), book(committed()));
  }

  @Test
  void secretAddPrintsTheNewUriAndKeepsTheSecretPending() {
    ToolOutcome outcome =
        leader()
            .run(
                "secret-add",
                "--label",
                "admin",
                "--description",
                "who",
                "username=root",
                "password#base64=cHc=");

    assertThat(outcome.stdout()).isEqualTo("secret:" + NEW_ID + "\n");
    assertThat(outcome.effects())
        .containsExactly(
            new ToolEffect.SecretChanged(
                new SecretChange.Added(
                    NEW_ID,
                    SecretOwner.application("mariadb"),
                    new SecretSettings(
                        "admin",
                        "who",
                        null,
                        null,
                        null,
                        Map.of("username", "root", "password", "pw")))));
  }

  @Test
  void fileIsAYamlMapOfKeysThatArgumentsOverrideAsTheShimSendsIt() {
    ToolOutcome added =
        HookTools.run(
            "secret-add",
            List.of("--file", "-", "username=admin"),
            "username: root\npassword#base64: cHc=\nport: 5432\n",
            leader(),
            TestContext.NOW);
    assertThat(added.exitCode()).as(added.stderr()).isZero();
    assertThat(((ToolEffect.SecretChanged) added.effects().get(0)).change())
        .isInstanceOfSatisfying(
            SecretChange.Added.class,
            a ->
                assertThat(a.settings().content())
                    .isEqualTo(Map.of("username", "admin", "password", "pw", "port", "5432")));
    ToolOutcome set =
        HookTools.run(
            "secret-set",
            List.of("secret:" + ID, "--file", "-"),
            "password: new\n",
            leader(),
            TestContext.NOW);
    assertThat(((ToolEffect.SecretChanged) set.effects().get(0)).change())
        .isInstanceOfSatisfying(
            SecretChange.Updated.class,
            u -> assertThat(u.settings().content()).isEqualTo(Map.of("password", "new")));
    assertThat(leader().run("secret-add", "--file", "/tmp/keys.yaml").stderr())
        .as("a path never reaches the operator: the shim sends the file")
        .contains("send the file's content as standard input with --file -");
  }

  @Test
  void onlyTheLeaderManagesApplicationSecretsButAUnitManagesItsOwn() {
    assertThat(follower().run("secret-add", "token=abc").stderr())
        .isEqualTo("ERROR this unit is not the leader\n");
    assertThat(follower().run("secret-set", "secret:" + ID, "password=new").stderr())
        .isEqualTo("ERROR this unit is not the leader\n");
    assertThat(follower().run("secret-remove", "secret:" + ID).stderr())
        .isEqualTo("ERROR this unit is not the leader\n");
    ToolOutcome own = follower().run("secret-add", "--owner", "unit", "token=abc");
    assertThat(own.exitCode()).isZero();
    assertThat(((ToolEffect.SecretChanged) own.effects().get(0)).change())
        .isInstanceOfSatisfying(
            SecretChange.Added.class,
            a -> assertThat(a.owner()).isEqualTo(SecretOwner.unit("mariadb/0")));
  }

  @Test
  void everyUnitReadsTheApplicationsSecretsByIdOrLabel() {
    assertThat(follower().run("secret-get", "secret:" + ID, "--format", "json").stdout())
        .isEqualTo("{\"password\":\"s3cret\"}\n");
    assertThat(follower().run("secret-get", "--label", "db").stdout())
        .isEqualTo("password: s3cret\n");
    assertThat(follower().run("secret-get", ID, "password").stdout()).isEqualTo("s3cret\n");
    // ops sends the id and the label together
    assertThat(
            follower().run("secret-get", "secret:" + ID, "--label", "db", "--refresh").exitCode())
        .isZero();
  }

  @Test
  void aHookReadsItsOwnPendingChanges() {
    List<ToolOutcome> out = new ArrayList<>();
    Ctx ctx =
        leader()
            .then(out, "secret-set", "secret:" + ID, "password=changed")
            .then(out, "secret-add", "--label", "admin", "token=t0k3n");

    assertThat(ctx.run("secret-get", ID, "password").stdout()).isEqualTo("changed\n");
    assertThat(ctx.run("secret-get", "--label", "admin", "--format", "json").stdout())
        .isEqualTo("{\"token\":\"t0k3n\"}\n");
    assertThat(ctx.run("secret-info-get", "--label", "db", "--format", "json").stdout())
        .isEqualTo(
            "{\""
                + ID
                + "\":{\"description\":\"the database\",\"label\":\"db\",\"owner\":\"application\",\"revision\":2}}\n");
    assertThat(ctx.run("secret-ids", "--format", "json").stdout())
        .isEqualTo("[\"" + ID + "\",\"" + NEW_ID + "\"]\n");
    assertThat(ctx.run("secret-ids").stdout()).isEqualTo(ID + "\n" + NEW_ID + "\n");
    assertThat(follower().run("secret-ids").stdout())
        .as("the application's secrets are the leader's to manage")
        .isEmpty();
  }

  @Test
  void secretInfoGetPrintsJujusMetadataAsOpsParsesIt() {
    Ctx ctx =
        leader()
            .then(
                new ArrayList<>(),
                "secret-set",
                ID,
                "--rotate",
                "daily",
                "--expire",
                "2026-12-01T00:00:00Z");

    assertThat(ctx.run("secret-info-get", ID).stdout())
        .isEqualTo(
            ID
                + ":\n"
                + "  description: the database\n"
                + "  expiry: 2026-12-01T00:00:00Z\n"
                + "  label: db\n"
                + "  owner: application\n"
                + "  revision: 1\n"
                + "  rotates: 2026-11-23T10:00:00Z\n"
                + "  rotation: daily\n");
    assertThat(ctx.run("secret-info-get", ID, "--label", "db").stderr())
        .isEqualTo("ERROR specify either a secret URI or label but not both\n");
  }

  @Test
  void unknownSecretsAreNotFoundAsOpsExpects() {
    assertThat(leader().run("secret-get", "secret:d0j7ha3q1c4s73d2faaa").stderr())
        .isEqualTo("ERROR secret \"d0j7ha3q1c4s73d2faaa\" not found\n");
    // a label that is neither the owner's nor a consumer's: Juju's getSecretContent looks it up as
    // a consumer label last (apiserver/facades/agent/secretsmanager/secrets.go)
    assertThat(leader().run("secret-get", "--label", "nope").stderr())
        .isEqualTo("ERROR consumer label \"nope\" not found\n");
    assertThat(leader().run("secret-info-get", "--label", "nope").stderr()).contains("not found");
    assertThat(leader().run("secret-set", "secret:d0j7ha3q1c4s73d2faaa", "abc=d").stderr())
        .contains("not found");
  }

  @Test
  void badCommandLinesAreUsageErrors() {
    assertThat(leader().run("secret-add").stderr())
        .isEqualTo("ERROR missing secret value or filename\n");
    assertThat(leader().run("secret-add", "--owner", "model", "key=v").stderr())
        .isEqualTo("ERROR secret owner \"model\" not valid\n");
    assertThat(leader().run("secret-add", "--rotate", "sometimes", "key=v").stderr())
        .isEqualTo("ERROR rotate policy \"sometimes\" not valid\n");
    assertThat(leader().run("secret-add", "--expire", "soon", "key=v").stderr())
        .isEqualTo("ERROR expire time or duration \"soon\" not valid\n");
    assertThat(leader().run("secret-add", "k=v").stderr()).isEqualTo("ERROR key \"k\" not valid\n");
    assertThat(leader().run("secret-get").stderr())
        .isEqualTo("ERROR require either a secret URI or label\n");
    assertThat(leader().run("secret-get", ID, "--peek", "--refresh").stderr())
        .isEqualTo("ERROR specify one of --peek or --refresh but not both\n");
    assertThat(leader().run("secret-get", "secret:nope").stderr())
        .isEqualTo("ERROR secret URI \"secret:nope\" not valid\n");
    assertThat(leader().run("secret-remove", ID, "--revision", "x").exitCode()).isEqualTo(2);
  }

  @Test
  void expiryTakesRfc3339WithOrWithoutAZoneOrAGoDuration() {
    assertThat(SecretTools.expiry("2026-12-01T01:02:03.5+01:00", TestContext.NOW))
        .isEqualTo(Instant.parse("2026-12-01T00:02:03.5Z"));
    assertThat(SecretTools.expiry("2026-12-01T01:02:03", TestContext.NOW))
        .isEqualTo(Instant.parse("2026-12-01T01:02:03Z"));
    assertThat(SecretTools.expiry("1h30m", TestContext.NOW))
        .isEqualTo(TestContext.NOW.plusSeconds(5400));
  }

  @Test
  void secretRemoveOfOneRevisionIsAChange() {
    assertThat(leader().run("secret-remove", "secret:" + ID, "--revision", "1").effects())
        .containsExactly(new ToolEffect.SecretChanged(new SecretChange.Removed(ID, 1)));
  }

  @Test
  void grantAndRevokeAreRecordedForAKnownRelationAndOneOfItsUnitsAsJujuChecksThem() {
    assertThat(
            leader()
                .run("secret-grant", "secret:" + ID, "-r", "replicas:3", "--unit", "mariadb/1")
                .effects())
        .containsExactly(
            new ToolEffect.SecretChanged(
                new SecretChange.Access(ID, true, "replicas:3", "mariadb/1")));
    assertThat(leader().run("secret-revoke", ID, "--relation", "3").effects())
        .containsExactly(
            new ToolEffect.SecretChanged(new SecretChange.Access(ID, false, "replicas:3", "")));
    assertThat(leader().run("secret-grant", ID, "-r", "x y").exitCode()).isEqualTo(2);
    assertThat(leader().run("secret-grant", ID, "-r", "9").stderr()).contains("relation not found");
    assertThat(leader().run("secret-grant", ID).stderr()).contains("no relation id specified");
    assertThat(leader().run("secret-grant", ID, "-r", "3", "--unit", "nope").stderr())
        .isEqualTo("ERROR unit \"nope\" not valid\n");
    assertThat(leader().run("secret-grant", ID, "-r", "3", "--unit", "other/0").stderr())
        .isEqualTo(
            "ERROR cannot specify unit \"other/0\" in relation to application \"mariadb\"\n");
    assertThat(follower().run("secret-grant", ID, "-r", "3").stderr())
        .isEqualTo("ERROR this unit is not the leader\n");
  }

  @Test
  void aCommittedGrantIsKeptWithItsSecretAndARevokeTakesItAway() {
    SecretsState granted =
        apply(
            committed(),
            SecretCommit.events(
                committed(),
                List.of(new SecretChange.Access(ID, true, "replicas:3", "mariadb/1")),
                CIPHER::seal,
                TestContext.NOW));
    assertThat(granted.find(ID).orElseThrow().grants())
        .containsExactly(new SecretsState.Grant("replicas:3", "mariadb/1"));
    SecretsState revoked =
        apply(
            granted,
            SecretCommit.events(
                granted,
                List.of(new SecretChange.Access(ID, false, "replicas:3", "mariadb/1")),
                CIPHER::seal,
                TestContext.NOW));
    assertThat(revoked.find(ID).orElseThrow().grants()).isEmpty();
  }

  private static SecretsState apply(SecretsState state, List<SecretEvent> events) {
    for (SecretEvent e : events) state = state.apply(e);
    return state;
  }

  @Test
  void contentNeverAppearsInAnErrorOrInAChangesText() {
    ToolOutcome added = leader().run("secret-add", "password=hunter22");
    assertThat(added.effects().get(0).toString()).doesNotContain("hunter22");
    assertThat(leader().run("secret-get", ID, "nokey").stderr()).doesNotContain("s3cret");
  }

  @Test
  void aHooksChangesCommitAsOneChangePerSecret() {
    List<ToolOutcome> out = new ArrayList<>();
    Ctx ctx =
        leader()
            .then(out, "secret-set", ID, "password=one")
            .then(out, "secret-set", ID, "password=two")
            .then(out, "secret-add", "--label", "tmp", "x-y=1")
            .then(out, "secret-remove", NEW_ID);
    List<SecretEvent> events =
        SecretCommit.events(committed(), ctx.secrets().pending(), CIPHER::seal, TestContext.NOW);

    assertThat(events).hasSize(1);
    SecretsState after = committed().apply(events.get(0));
    assertThat(after.find(ID).orElseThrow().latestRevision()).isEqualTo(2);
    assertThat(CIPHER.open(after.find(ID).orElseThrow().latest().orElseThrow().content()))
        .isEqualTo(Map.of("password", "two"));
  }
}
