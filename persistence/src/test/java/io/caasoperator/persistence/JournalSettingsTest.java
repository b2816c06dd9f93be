package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The PostgreSQL url and its password: where it may come from and where it must never show. */
class JournalSettingsTest {

  @Test
  void aUrlWithoutPasswordTakesOneFromElsewhere() {
    JournalSettings settings =
        JournalSettings.postgres("postgresql://op@db:5433/journal").withPassword("s3cret");

    assertThat(settings.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5433/journal");
    assertThat(settings.user()).isEqualTo("op");
    assertThat(settings.password()).isEqualTo("s3cret");
    assertThat(settings.toConfig().getString("caas-journal.password")).isEqualTo("s3cret");
    assertThat(
            settings
                .toConfig()
                .getString("pekko-persistence-jdbc.shared-databases.slick.db.password"))
        .isEqualTo("s3cret");
  }

  @Test
  void aPasswordInTheUrlIsStillReadForConfigurationFiles() {
    JournalSettings settings = JournalSettings.postgres("postgresql://op:s3cret@db/journal");

    assertThat(settings.password()).isEqualTo("s3cret");
    assertThat(settings.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/journal");
  }

  @Test
  void urlsCarryingAPasswordAreRecognised() {
    assertThat(JournalSettings.carriesPassword("postgresql://op:s3cret@db/journal")).isTrue();
    assertThat(JournalSettings.carriesPassword("postgres://op:@db/journal")).isTrue();
    assertThat(JournalSettings.carriesPassword("postgresql://db/journal?user=op&password=s3cret"))
        .isTrue();
    assertThat(
            JournalSettings.carriesPassword("jdbc:postgresql://db/journal?user=op&PASSWORD=s3cret"))
        .isTrue();
    assertThat(JournalSettings.carriesPassword("postgresql://op@db:5432/journal")).isFalse();
    assertThat(JournalSettings.carriesPassword("postgresql://db:5432/journal?sslmode=require"))
        .isFalse();
    assertThat(JournalSettings.carriesPassword("jdbc:postgresql://db/journal?user=op")).isFalse();
  }

  @Test
  void thePasswordNeverShowsInMessagesDescriptionsOrToString() {
    assertThatThrownBy(() -> JournalSettings.postgres("postgresql://op:s3cret@/journal"))
        .hasMessage(
            "invalid journal url \"postgresql://op:***@/journal\": host and database are required");
    assertThatThrownBy(() -> JournalSettings.postgres("mysql://op:s3cret@db/journal"))
        .hasMessageNotContaining("s3cret");
    JournalSettings inline = JournalSettings.postgres("postgresql://op:s3cret@db/journal");
    JournalSettings jdbc =
        JournalSettings.postgres("jdbc:postgresql://db/journal?user=op&password=s3cret");

    assertThat(inline.describe()).isEqualTo("jdbc:postgresql://db:5432/journal as op");
    assertThat(jdbc.describe()).isEqualTo("jdbc:postgresql://db/journal?user=op&password=***");
    assertThat(inline.toString()).doesNotContain("s3cret").contains("with a password");
    assertThat(jdbc.toString()).doesNotContain("s3cret");
  }

  @Test
  void theH2JournalTakesNoPassword() {
    assertThatThrownBy(() -> JournalSettings.h2(Path.of("/tmp/x")).withPassword("p"))
        .isInstanceOf(IllegalStateException.class);
  }
}
