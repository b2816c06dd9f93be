package io.caasoperator.substrate.kubernetes;

/**
 * The {@code metadata.generation} of the Application whose specification the substrate last handed
 * to the operator (valid or not): the application watch sets it, the status writer reports it as
 * {@code status.observedGeneration}. Null until a specification was received.
 */
final class ObservedGeneration {

  private volatile Long generation;

  Long get() {
    return generation;
  }

  void received(Application resource) {
    if (resource != null
        && resource.getMetadata() != null
        && resource.getMetadata().getGeneration() != null) {
      generation = resource.getMetadata().getGeneration();
    }
  }
}
