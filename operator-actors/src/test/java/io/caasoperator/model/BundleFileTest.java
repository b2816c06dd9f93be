package io.caasoperator.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bundle.yaml as charm authors write it: every problem at once, each with its line. */
class BundleFileTest {

  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void charms() throws IOException {
    Files.createDirectories(dir.resolve("charms/db"));
    Files.createDirectories(dir.resolve("charms/web"));
    Files.writeString(dir.resolve("web.tar"), "image");
    file = dir.resolve("bundle.yaml");
  }

  private BundleReading read(String yaml) throws IOException {
    Files.writeString(file, yaml);
    return BundleFile.read(file);
  }

  /** {@code FILE:LINE: message}, as every problem and note is worded. */
  private String at(int line, String message) {
    return file + ":" + line + ": " + message;
  }

  @Test
  void aBundleWithEveryKeyIsRead() throws IOException {
    BundleReading reading =
        read(
            """
            bundle: kubernetes
            name: shop
            description: a shop
            applications:
              web:
                charm: ./charms/web
                scale: 2
                options: {greeting: hi, port: 8080, ratio: 0.5, debug: false}
                trust: true
                resources: {image: ./web.tar}
              db:
                charm: ./charms/db
                num_units: 1
            relations:
              - [web:db, db:db]
              - [web, db:admin]
            """);

    assertThat(reading.problems()).isEmpty();
    assertThat(reading.notes()).isEmpty();
    Bundle bundle = reading.bundle();
    assertThat(bundle.name()).isEqualTo("shop");
    assertThat(bundle.applications())
        .extracting(a -> a.name().value())
        .containsExactly("db", "web");
    BundleApplication web = bundle.application(new ApplicationName("web")).orElseThrow();
    assertThat(web.charm()).contains(dir.resolve("charms/web"));
    assertThat(web.scale()).isEqualTo(2);
    assertThat(web.options())
        .isEqualTo(Map.of("greeting", "hi", "port", 8080, "ratio", 0.5, "debug", false));
    assertThat(web.trust()).isTrue();
    assertThat(web.resources()).isEqualTo(Map.of("image", dir.resolve("web.tar")));
    assertThat(bundle.application(new ApplicationName("db")).orElseThrow().scale()).isEqualTo(1);
    assertThat(bundle.relations())
        .containsExactly(
            new BundleRelation(List.of("web:db", "db:db"), 15),
            new BundleRelation(List.of("web", "db:admin"), 16));
  }

  @Test
  void anApplicationWithoutScaleHasNoUnitsAsInJuju() throws IOException {
    BundleReading reading = read("applications:\n  db:\n    charm: ./charms/db\n");

    assertThat(reading.problems()).isEmpty();
    assertThat(reading.bundle().applications().getFirst().scale()).isZero();
  }

  @Test
  void keysThatCannotApplyHereAreLeftAloneWithANoteSayingWhy() throws IOException {
    BundleReading reading =
        read(
            """
            default-base: ubuntu@22.04/stable
            applications:
              db:
                charm: ./charms/db
                channel: 14/stable
                series: jammy
                base: ubuntu@22.04
                constraints: mem=4G
                to: ["0"]
            machines:
              "0": {}
            """);

    assertThat(reading.problems()).isEmpty();
    assertThat(reading.notes())
        .containsExactly(
            at(
                1,
                "\"default-base\" ignored: units run in pods or on this machine, not on a chosen base"),
            at(
                5,
                "\"channel\" in application \"db\" ignored: charms come from local paths here, not from Charmhub"),
            at(
                6,
                "\"series\" in application \"db\" ignored: units run in pods or on this machine, not on a chosen series"),
            at(
                7,
                "\"base\" in application \"db\" ignored: units run in pods or on this machine, not on a chosen base"),
            at(
                8,
                "\"constraints\" in application \"db\" ignored: there are no machines to constrain here"),
            at(
                9,
                "\"to\" in application \"db\" ignored: there are no machines to place units on here"),
            at(10, "\"machines\" ignored: there are no machines to place units on here"));
  }

  @Test
  void everyProblemOfTheApplicationsIsReportedAtOnceWithItsLine() throws IOException {
    BundleReading reading =
        read(
            """
            bundle: machines
            applications:
              Web_App:
                charm: ./charms/web
              db:
                charm: ./charms/nope
                scale: -1
                colour: red
              cache:
                charm: redis-k8s
                scale: 2
                num_units: 2
                options: {nested: {a: 1}}
                trust: "yes"
                resources: {image: 3, data: ./missing.tar}
              queue:
              store:
                scale: "three"
            """);

    assertThat(reading.problems())
        .containsExactly(
            at(1, "bundle has an invalid type \"machines\""),
            at(
                3,
                "invalid application name \"Web_App\": use lower-case letters, digits and single hyphens, starting with a letter"),
            at(6, "charm path in application \"db\" does not exist: " + dir.resolve("charms/nope")),
            at(7, "negative number of units specified on application \"db\""),
            at(8, "unknown key \"colour\" in application \"db\""),
            at(9, "cannot specify both scale and num_units for application \"cache\""),
            at(
                10,
                "charm \"redis-k8s\" in application \"cache\" is not a local path: only local charms (./dir, ../dir, /dir or a .charm file) are deployed here"),
            at(13, "option \"nested\": expected a string, number or boolean, got a mapping"),
            at(14, "expected true or false, got the string \"yes\""),
            at(15, "resource \"image\": a revision needs Charmhub; give the path of a file"),
            at(15, "resource \"data\": " + dir.resolve("missing.tar") + " is not a file"),
            at(16, "bundle application for key \"queue\" is undefined"),
            at(17, "empty charm path"),
            at(18, "\"scale\": expected a whole number, got the string \"three\""));
    assertThat(reading.bundle().applications())
        .as("what was good is kept for the checks that follow")
        .extracting(a -> a.name().value())
        .containsExactly("cache", "db", "store");
  }

  @Test
  void everyProblemOfTheRelationsIsReportedAtOnceWithItsLine() throws IOException {
    BundleReading reading =
        read(
            """
            applications:
              web: {charm: ./charms/web}
              db: {charm: ./charms/db}
            relations:
              - [web:db, db:db]
              - [db:db, web:db]
              - [web, web]
              - [web:db, shop:db]
              - [web:Db, db]
              - [web]
              - web:db db:db
              - [web, 3]
            """);

    assertThat(reading.problems())
        .containsExactly(
            at(6, "relation [\"db:db\" \"web:db\"] is defined more than once"),
            at(7, "relation [\"web\" \"web\"] relates an application to itself"),
            at(
                8,
                "relation [\"web:db\" \"shop:db\"] refers to application \"shop\" not defined in this bundle"),
            at(9, "invalid relation syntax \"web:Db\""),
            at(10, "relation [\"web\"] has 1 endpoint(s), not 2"),
            at(11, "expected a relation such as [web:db, db:db], got the string \"web:db db:db\""),
            at(12, "expected a relation such as [web:db, db:db], got a list"));
    assertThat(reading.bundle().relations())
        .containsExactly(new BundleRelation(List.of("web:db", "db:db"), 5));
  }

  @Test
  void aBundleWithoutApplicationsIsRefusedInJujusWords() throws IOException {
    assertThat(read("name: empty\n").problems())
        .containsExactly(file + ": at least one application must be specified");
    assertThat(read("applications: {}\n").problems())
        .containsExactly(at(1, "at least one application must be specified"));
    assertThat(read("").problems())
        .containsExactly(file + ": the file is empty; at least one application must be specified");
  }

  @Test
  void aRunningModelMayHaveNoApplicationButNotAnEmptyFile() throws IOException {
    BundleReading empty = read("bundle: kubernetes\nname: foo\napplications: {}\nrelations: []\n");

    assertThat(empty.asModel().problems()).isEmpty();
    assertThat(empty.asModel().bundle().name()).isEqualTo("foo");
    assertThat(read("name: foo\n").asModel().problems()).isEmpty();
    assertThat(read("").asModel().problems())
        .containsExactly(file + ": the file is empty; at least one application must be specified");
    assertThat(read("applications: {}\nrelations: [[web, db]]\n").asModel().problems())
        .isNotEmpty();
  }

  @Test
  void itsModelConfigGivesTheUpdateStatusIntervalAndNotesWhatIsNotFollowed() throws IOException {
    BundleReading reading =
        read(
            """
            model-config:
              update-status-hook-interval: 10s
              automatically-retry-hooks: false
            applications:
              db: {charm: ./charms/db}
            """);
    BundleReading none = read("applications:\n  db: {charm: ./charms/db}\n");
    BundleReading bad =
        read(
            """
            model-config:
              update-status-hook-interval: 0s
            applications:
              db: {charm: ./charms/db}
            """);

    assertThat(reading.problems()).isEmpty();
    assertThat(reading.bundle().updateStatusInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(reading.notes())
        .containsExactly(
            at(
                3,
                "\"automatically-retry-hooks\" ignored: the running model follows only"
                    + " update-status-hook-interval"));
    assertThat(none.bundle().updateStatusInterval()).isEqualTo(Duration.ofMinutes(5));
    assertThat(bad.problems())
        .containsExactly(at(2, "update status hook frequency 0s must be greater than 0s"));
  }

  @Test
  void unknownKeysAndOffersFromOtherModelsAreProblems() throws IOException {
    assertThat(
            read("applications:\n  db: {charm: ./charms/db}\nrelation: []\nsaas: {x: {}}\n")
                .problems())
        .containsExactly(
            at(3, "unknown key \"relation\""),
            at(4, "offers from other models (saas) are not supported here"));
  }

  @Test
  void brokenYamlADuplicateKeyAndAnAliasAreRefusedWithTheirLine() throws IOException {
    assertThat(read("applications:\n  db: [\n").problems())
        .containsExactly(
            at(
                2,
                "invalid YAML: while parsing a flow node, expected the node content, but found"
                    + " '<stream end>'"));
    assertThat(
            read("applications:\n  db: {charm: ./charms/db}\n  db: {charm: ./charms/db}\n")
                .problems()
                .getFirst())
        .startsWith(file + ":3: invalid YAML: Duplicate field 'db'");
    assertThat(
            read("applications:\n  db:\n    charm: &c ./charms/db\n  web:\n    charm: *c\n")
                .problems())
        .containsExactly(at(5, "aliases are not supported in a bundle; write the value out"));
  }

  @Test
  void aMissingFileIsAProblemNotAnException() {
    assertThat(BundleFile.read(dir.resolve("none.yaml")).problems())
        .containsExactly(dir.resolve("none.yaml") + ": no such file (a bundle is a YAML file)");
  }
}
