package io.caasoperator.secret;

import java.util.Optional;

/**
 * The secrets of other owners in this model, found by id: where a consumer unit's {@code
 * secret-get} and its application's secret store ({@code secret-changed}) look when a secret is not
 * their application's own. Whether the consumer may read what is found is {@link ConsumerAccess}'s
 * decision, not the finder's.
 */
@FunctionalInterface
public interface ForeignSecrets {

  /** No other owner (a single application): nothing is found. */
  ForeignSecrets NONE = id -> Optional.empty();

  /** The secret {@code id} of any owner of the model, as it was last published. */
  Optional<ForeignSecret> find(String id);
}
