package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The model's user secrets as {@code juju} changes them: each request's changes or refusal. */
class UserSecretsTest {
  private static final SecretOwner MODEL = SecretOwner.model("m");
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");

  private static UserSecretRequest request(UserSecretRequest.Action action, String key) {
    return new UserSecretRequest(action, key, null, null, null, null, null, null);
  }

  private static UserSecretRequest add(String name, Map<String, String> content) {
    return new UserSecretRequest(
        UserSecretRequest.Action.ADD, name, null, "info", content, null, null, null);
  }

  private static UserSecretRequest update(
      String key, String name, String description, Map<String, String> content) {
    return new UserSecretRequest(
        UserSecretRequest.Action.UPDATE, key, name, description, content, null, null, null);
  }

  /** A secret named {@code label} made by {@code owner}, with no other setting. */
  private static SecretEvent.SecretCreated created(
      String id, SecretOwner owner, String label, SealedContent sealed) {
    return new SecretEvent.SecretCreated(id, owner, label, null, null, null, null, sealed, AT);
  }

  /** A state with {@code db-password} (revisions 1 and 2) owned by the model. */
  private static SecretsState withSecret() {
    SealedContent sealed = new SealedContent("n", "c", "hmac-sha256:00");
    return SecretsState.EMPTY
        .apply(created(ID, MODEL, "db-password", sealed))
        .apply(new SecretEvent.SecretUpdated(ID, null, null, null, null, null, sealed, AT));
  }

  private static UserSecrets.Outcome decide(SecretsState state, UserSecretRequest request) {
    return UserSecrets.decide(state, MODEL, request, () -> ID);
  }

  @Test
  void addingMakesASecretOwnedByTheModelNamedByItsLabel() {
    UserSecrets.Outcome outcome =
        decide(SecretsState.EMPTY, add("db-password", Map.of("password", "s3cret")));

    assertThat(outcome).isInstanceOf(UserSecrets.Changed.class);
    UserSecrets.Changed changed = (UserSecrets.Changed) outcome;
    assertThat(changed.id()).isEqualTo(ID);
    assertThat(changed.changes())
        .containsExactly(
            new SecretChange.Added(
                ID,
                MODEL,
                new SecretSettings(
                    "db-password", "info", null, null, null, Map.of("password", "s3cret"))));
  }

  @Test
  void aNameTheModelsSecretsHaveIsRefusedOnAddAndOnRename() {
    assertThat(decide(withSecret(), add("db-password", Map.of("password", "x"))))
        .isEqualTo(
            new UserSecrets.Refused(
                UserSecrets.Reason.CONFLICT, "secret with name \"db-password\" already exists"));
    SecretsState two =
        withSecret()
            .apply(
                created("d0j7ha3q1c4s73d2fa9h", MODEL, "other", new SealedContent("n", "c", "d")));
    assertThat(decide(two, update("other", "db-password", null, null)))
        .isInstanceOf(UserSecrets.Refused.class);
  }

  @Test
  void anApplicationsSecretWithTheSameLabelIsNotTheModels() {
    SecretsState state =
        SecretsState.EMPTY.apply(
            created(
                ID,
                SecretOwner.application("app"),
                "db-password",
                new SealedContent("n", "c", "d")));

    assertThat(decide(state, add("db-password", Map.of("password", "x"))))
        .isInstanceOf(UserSecrets.Changed.class);
    assertThat(decide(state, request(UserSecretRequest.Action.REMOVE, "secret:" + ID)))
        .isEqualTo(
            new UserSecrets.Refused(
                UserSecrets.Reason.NOT_FOUND, "secret \"" + ID + "\" not found"));
  }

  @Test
  void anUnknownSecretIsNotFoundByIdOrByName() {
    for (UserSecretRequest.Action action :
        List.of(
            UserSecretRequest.Action.UPDATE,
            UserSecretRequest.Action.REMOVE,
            UserSecretRequest.Action.GRANT,
            UserSecretRequest.Action.REVOKE)) {
      assertThat(decide(SecretsState.EMPTY, request(action, "nope")))
          .isEqualTo(
              new UserSecrets.Refused(UserSecrets.Reason.NOT_FOUND, "secret \"nope\" not found"));
      assertThat(decide(SecretsState.EMPTY, request(action, "secret://uuid/" + ID)))
          .isEqualTo(
              new UserSecrets.Refused(
                  UserSecrets.Reason.NOT_FOUND, "secret \"" + ID + "\" not found"));
    }
  }

  @Test
  void anAddWithoutContentAndAnUpdateOfNothingAreRefused() {
    assertThat(decide(SecretsState.EMPTY, add("x", Map.of())))
        .isEqualTo(
            new UserSecrets.Refused(
                UserSecrets.Reason.INVALID, "missing secret value or filename"));
    assertThat(decide(withSecret(), request(UserSecretRequest.Action.UPDATE, "db-password")))
        .isEqualTo(
            new UserSecrets.Refused(
                UserSecrets.Reason.INVALID, "at least one attribute to update must be specified"));
  }

  @Test
  void anUpdateFoundByNameChangesContentNameAndDescription() {
    UserSecrets.Changed changed =
        (UserSecrets.Changed)
            decide(
                withSecret(),
                update("db-password", "db-pass", "new info", Map.of("password", "n3w")));

    assertThat(changed.changes())
        .containsExactly(
            new SecretChange.Updated(
                ID,
                new SecretSettings(
                    "db-pass", "new info", null, null, null, Map.of("password", "n3w"))));
  }

  @Test
  void aRevisionIsRemovedOnlyWhenKept() {
    UserSecretRequest second =
        new UserSecretRequest(UserSecretRequest.Action.REMOVE, ID, null, null, null, 2, null, null);
    UserSecretRequest ninth =
        new UserSecretRequest(UserSecretRequest.Action.REMOVE, ID, null, null, null, 9, null, null);

    assertThat(((UserSecrets.Changed) decide(withSecret(), second)).changes())
        .containsExactly(new SecretChange.Removed(ID, 2));
    assertThat(decide(withSecret(), ninth))
        .isEqualTo(
            new UserSecrets.Refused(
                UserSecrets.Reason.NOT_FOUND, "secret revision 9 for \"" + ID + "\" not found"));
  }

  @Test
  void grantsAreToApplicationsOutsideAnyRelationAndReadBackAsSuch() {
    UserSecretRequest grant =
        new UserSecretRequest(
            UserSecretRequest.Action.GRANT,
            "db-password",
            null,
            null,
            null,
            null,
            List.of("kv-client", "web"),
            null);
    UserSecrets.Changed changed = (UserSecrets.Changed) decide(withSecret(), grant);
    SecretsState state = withSecret();
    for (SecretEvent e :
        SecretCommit.events(state, changed.changes(), c -> new SealedContent("", "", ""), AT))
      state = state.apply(e);

    SecretsState.Secret secret = state.find(ID).orElseThrow();
    assertThat(secret.grantedTo("kv-client")).isTrue();
    assertThat(secret.grantedTo("web")).isTrue();
    assertThat(secret.grantedTo("other")).isFalse();
    assertThat(secret.grants().getFirst().application()).contains("kv-client");
    assertThat(new SecretsState.Grant("db:3", "").application())
        .as("a relation's grant names no application")
        .isEmpty();
  }

  /** {@code state} after {@code changes} are committed. */
  private static SecretsState committed(SecretsState state, List<SecretChange> changes) {
    for (SecretEvent e :
        SecretCommit.events(state, changes, c -> new SealedContent("", "", ""), AT))
      state = state.apply(e);
    return state;
  }

  @Test
  void aRemovedApplicationsGrantsAreRevokedAndTheOthersKept() {
    SecretsState granted =
        withSecret()
            .apply(
                new SecretEvent.SecretGranted(
                    ID, SecretsState.Grant.toApplication("kv-client").relation(), "", AT))
            .apply(
                new SecretEvent.SecretGranted(
                    ID, SecretsState.Grant.toApplication("web").relation(), "", AT));

    UserSecrets.Changed changed = UserSecrets.applicationRemoved(granted, MODEL, "kv-client");

    assertThat(changed.changes())
        .containsExactly(
            new SecretChange.Access(
                ID, false, SecretsState.Grant.toApplication("kv-client").relation(), ""));
    SecretsState.Secret secret = committed(granted, changed.changes()).find(ID).orElseThrow();
    assertThat(secret.grantedTo("kv-client")).isFalse();
    assertThat(secret.grantedTo("web")).isTrue();
  }

  @Test
  void anApplicationGrantedNothingRevokesNothing() {
    assertThat(UserSecrets.applicationRemoved(withSecret(), MODEL, "kv-client").changes())
        .isEmpty();
    assertThat(
            UserSecrets.applicationRemoved(
                    withSecret()
                        .apply(
                            new SecretEvent.SecretGranted(
                                ID,
                                SecretsState.Grant.toApplication("kv-client").relation(),
                                "",
                                AT)),
                    SecretOwner.model("other"),
                    "kv-client")
                .changes())
        .as("another owner's secrets are not the model's to revoke")
        .isEmpty();
  }
}
