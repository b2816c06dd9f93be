package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * {@code spec} of a {@link Relation}: the two ends to relate, each {@code application} or {@code
 * application:endpoint}, as the two arguments of {@code juju integrate}. A name without endpoint is
 * inferred as Juju infers it ({@code EndpointMatching}).
 *
 * @param endpoints exactly two, e.g. {@code [wordpress:db, mysql]}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RelationSpec(List<String> endpoints) {}
