package io.caasoperator.pebble.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a service's user and group resolve to ids, with Pebble's messages when they do not. */
class UserDatabaseTest {
  @TempDir Path dir;
  private UserDatabase users;

  @BeforeEach
  void files() throws Exception {
    users =
        new UserDatabase(
            Files.writeString(
                dir.resolve("passwd"),
                "root:x:0:0:root:/root:/bin/sh\nweb:x:1000:1001:web:/home/web:/bin/sh\n"),
            Files.writeString(dir.resolve("group"), "root:x:0:\nwww:x:1001:\nstaff:x:50:\n"));
  }

  @Test
  void nothingAskedIsNoCredentials() {
    assertThat(users.normalize(Optional.empty(), Optional.empty(), "", "")).isEmpty();
  }

  @Test
  void aUserNameRunsWithItsUidAndPrimaryGroup() {
    assertThat(users.normalize(Optional.empty(), Optional.empty(), "web", ""))
        .contains(new Credentials(1000, 1001));
    assertThat(users.normalize(Optional.of(1000), Optional.empty(), "web", "staff"))
        .contains(new Credentials(1000, 50));
  }

  @Test
  void namesThatDisagreeWithTheIdsGivenAreRefusedAsPebbleSaysIt() {
    assertThatThrownBy(() -> users.normalize(Optional.of(0), Optional.empty(), "web", ""))
        .hasMessage("user \"web\" UID (1000) does not match user-id (0)");
    assertThatThrownBy(() -> users.normalize(Optional.of(1000), Optional.of(0), "", "www"))
        .hasMessage("group \"www\" GID (1001) does not match group-id (0)");
  }

  @Test
  void unknownNamesAndAGroupWithoutAUserAreRefused() {
    assertThatThrownBy(() -> users.normalize(Optional.empty(), Optional.empty(), "nobody", ""))
        .hasMessage("user: unknown user nobody");
    assertThatThrownBy(() -> users.normalize(Optional.of(0), Optional.empty(), "", "wheel"))
        .hasMessage("group: unknown group wheel");
    assertThatThrownBy(() -> users.normalize(Optional.empty(), Optional.empty(), "", "www"))
        .hasMessage("must specify user, not just group");
    assertThatThrownBy(() -> users.normalize(Optional.of(4242), Optional.empty(), "", ""))
        .hasMessage("user: unknown userid 4242");
  }
}
