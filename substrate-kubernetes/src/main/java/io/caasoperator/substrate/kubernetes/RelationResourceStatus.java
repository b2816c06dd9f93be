package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * {@code status} of a {@link Relation}, written by the operators of the applications it names. The
 * id, key and interface mirror the namespace's relation ledger ({@link RelationLedger}), which is
 * what the operators go by; they are here for {@code kubectl get crel}, and to rebuild the ledger
 * should it be deleted.
 *
 * @param relationId the relation's id in the namespace ({@code JUJU_RELATION_ID} is {@code
 *     endpoint:id}); null until it has one
 * @param key Juju's relation key, requirer first: {@code wordpress:db mysql:server}
 * @param interfaceName the interface both ends share
 * @param observedGeneration the {@code metadata.generation} whose spec this status judged
 * @param conditions {@code Ready}: True once related, else False with why
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RelationResourceStatus(
    Long relationId,
    String key,
    @com.fasterxml.jackson.annotation.JsonProperty("interface") String interfaceName,
    Long observedGeneration,
    List<ApplicationCondition> conditions) {}
