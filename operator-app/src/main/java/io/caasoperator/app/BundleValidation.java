package io.caasoperator.app;

import io.caasoperator.app.text.TextTable;
import io.caasoperator.charm.CharmException;
import io.caasoperator.charm.CharmRelations;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.ConfigSettings;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.files.RecursiveDelete;
import io.caasoperator.model.Bundle;
import io.caasoperator.model.BundleApplication;
import io.caasoperator.model.BundleFile;
import io.caasoperator.model.BundleReading;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.ModelRelation;
import io.caasoperator.model.ModelRelations;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.model.RelationRole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code validate --bundle} finds: every problem of a bundle at once — the file ({@link
 * BundleFile}), each application's charm as the operator would deploy it (fetched, unpacked and
 * loaded into a scratch directory that is deleted afterwards), each application's options against
 * its charm's config, and each relation's endpoints matched as Juju matches them ({@link
 * ModelRelations}) — and, when there is none, the model it describes.
 *
 * @param bundle what the file held that was good
 * @param problems every problem, in the order of the checks
 * @param notes keys left alone because they cannot apply here
 * @param charms each application's charm name, for the applications whose charm loaded
 * @param relations the model's relations, numbered
 */
record BundleValidation(
    Bundle bundle,
    List<String> problems,
    List<String> notes,
    Map<ApplicationName, String> charms,
    List<ModelRelation> relations) {

  BundleValidation {
    problems = List.copyOf(problems);
    notes = List.copyOf(notes);
    charms = Map.copyOf(charms);
    relations = List.copyOf(relations);
  }

  boolean valid() {
    return problems.isEmpty();
  }

  static BundleValidation of(Path file) {
    return of(BundleFile.read(file));
  }

  /** Checks what was read of a bundle: its charms, options and relations. */
  static BundleValidation of(BundleReading reading) {
    List<String> problems = new ArrayList<>(reading.problems());
    Map<ApplicationName, List<CharmEndpoint>> endpoints = new TreeMap<>(byName());
    Map<ApplicationName, String> charms = new TreeMap<>(byName());
    Path scratch;
    try {
      scratch = Files.createTempDirectory("caas-validate-");
    } catch (IOException e) {
      problems.add("cannot check the charms: no scratch directory: " + e.getMessage());
      return new BundleValidation(reading.bundle(), problems, reading.notes(), charms, List.of());
    }
    try {
      CharmStore store = new CharmStore(scratch, UnpackLimits.DEFAULT);
      for (BundleApplication application : reading.bundle().applications()) {
        if (application.charm().isEmpty()) continue;
        String where =
            reading.bundle().where(application.line())
                + "application \""
                + application.name()
                + "\": ";
        try {
          DeployedCharm charm =
              store.deploy(new CharmRef(application.charm().get().toString(), null, 0, false));
          charms.put(application.name(), charm.info().name());
          endpoints.put(application.name(), CharmEndpoint.of(CharmRelations.of(charm)));
          ConfigSettings.problems(charm.info().options(), application.options())
              .forEach(p -> problems.add(where + p));
        } catch (CharmException e) {
          problems.add(where + e.getMessage());
        }
      }
    } finally {
      RecursiveDelete.quietly(scratch);
    }
    ModelRelations model = ModelRelations.of(reading.bundle(), endpoints);
    problems.addAll(model.problems());
    return new BundleValidation(
        reading.bundle(), problems, reading.notes(), charms, model.relations());
  }

  private static java.util.Comparator<ApplicationName> byName() {
    return java.util.Comparator.comparing(ApplicationName::value);
  }

  /**
   * The model for people: its applications, then its relations in the columns of Juju's {@code
   * status} (provider, requirer, interface, type), with their ids.
   */
  String summary() {
    StringBuilder out = new StringBuilder();
    List<String[]> applications = new ArrayList<>();
    applications.add(new String[] {"App", "Charm", "Scale", "Trust"});
    for (BundleApplication application : bundle.applications()) {
      applications.add(
          new String[] {
            application.name().value(),
            charms.getOrDefault(application.name(), "?"),
            String.valueOf(application.scale()),
            application.trust() ? "yes" : "no"
          });
    }
    out.append(TextTable.render(applications));
    if (relations.isEmpty()) return out.toString();
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Integration provider", "Requirer", "Interface", "Type", "Id"});
    for (ModelRelation relation : relations) {
      List<RelationEndpoint> ends = relation.relation().endpoints();
      // Juju's status shows a peer relation with its one endpoint on both sides
      RelationEndpoint provider =
          relation.relation().end(RelationRole.PROVIDER).orElse(ends.getFirst());
      RelationEndpoint requirer =
          relation.relation().end(RelationRole.REQUIRER).orElse(ends.getFirst());
      rows.add(
          new String[] {
            provider.toString(),
            requirer.toString(),
            relation.relation().interfaceName(),
            relation.relation().isPeer() ? "peer" : "regular",
            String.valueOf(relation.id())
          });
    }
    return out.append('\n').append(TextTable.render(rows)).toString();
  }
}
