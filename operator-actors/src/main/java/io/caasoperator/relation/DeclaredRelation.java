package io.caasoperator.relation;

/**
 * A relation of the model as one of its applications sees it, declared by the model (a bundle's
 * {@code relations:}, {@code juju integrate}): the operator creates it, brings its own units into
 * its scope and runs its hooks; the other side's units and databags come from the model as {@link
 * RelationSide}s. A peer relation names its own application and endpoint as the remote ones.
 *
 * @param id the relation's id, unique in the model ({@code JUJU_RELATION_ID} is {@code
 *     endpoint:id})
 * @param endpoint this application's endpoint (the charm's relation name)
 * @param interfaceName the relation's interface
 * @param remoteApplication the application at the other end
 * @param remoteEndpoint the other application's endpoint
 */
public record DeclaredRelation(
    long id,
    String endpoint,
    String interfaceName,
    String remoteApplication,
    String remoteEndpoint) {

  public DeclaredRelation {
    if (id < 0) throw new IllegalArgumentException("relation ids start at 0, got " + id);
    if (endpoint == null || endpoint.isEmpty())
      throw new IllegalArgumentException("a declared relation needs its endpoint");
    if (remoteApplication == null || remoteApplication.isEmpty())
      throw new IllegalArgumentException("a declared relation needs its remote application");
    interfaceName = interfaceName == null ? "" : interfaceName;
    remoteEndpoint = remoteEndpoint == null ? "" : remoteEndpoint;
  }

  /** {@code endpoint:id}, as Juju prints relation ids. */
  public String key() {
    return endpoint + ":" + id;
  }
}
