package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * The custom resource {@code relations.caasoperator.org/v1}: a relation between two applications of
 * the namespace, what {@code juju integrate a b} makes in a Juju model. Users write {@code spec}
 * ({@link RelationSpec}); the operators of the two applications write {@code status} ({@link
 * RelationResourceStatus}: the relation's id once it has one, and a {@code Ready} condition saying
 * why not when it cannot be made). The CRD is {@code conf/kubernetes/crd-relation.yaml}.
 */
@Group(Application.GROUP)
@Version(Application.VERSION)
@Kind("Relation")
@Plural("relations")
@Singular("relation")
public final class Relation extends CustomResource<RelationSpec, RelationResourceStatus>
    implements Namespaced {}
