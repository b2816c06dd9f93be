package io.caasoperator.app.juju;

import io.caasoperator.model.ModelName;
import java.util.Optional;

/**
 * A model as {@code -m/--model} names it: {@code [controller:][user/]model}, Juju's form (jubilant
 * passes {@code temp_model}'s name and a user's {@code Juju(model=...)} through unchanged). There
 * is one controller here, this machine, and one user, you: a controller or user prefix is accepted
 * and only the model's name picks the model.
 *
 * @param controller the controller part, if given ({@code local:foo})
 * @param user the user part, if given ({@code admin/foo})
 * @param name the model's name
 */
public record ModelReference(Optional<String> controller, Optional<String> user, ModelName name) {

  /**
   * Parses {@code [controller:][user/]model} as jubilant's {@code _parse_model_ref} does: the
   * controller up to the first colon, the user up to the first slash after it.
   *
   * @throws JujuFailure for an empty part or a model name Juju would refuse
   */
  public static ModelReference parse(String text) {
    String rest = text;
    Optional<String> controller = Optional.empty();
    Optional<String> user = Optional.empty();
    int colon = rest.indexOf(':');
    if (colon >= 0) {
      controller = Optional.of(rest.substring(0, colon));
      rest = rest.substring(colon + 1);
    }
    int slash = rest.indexOf('/');
    if (slash >= 0) {
      user = Optional.of(rest.substring(0, slash));
      rest = rest.substring(slash + 1);
    }
    if (controller.filter(String::isEmpty).isPresent()
        || user.filter(String::isEmpty).isPresent()
        || !ModelName.isValid(rest)) {
      throw new JujuFailure(
          "invalid model name "
              + quoted(text)
              + ": expected [<controller>:][<user>/]<model>, the model's name lower-case letters,"
              + " digits and hyphens");
    }
    return new ModelReference(controller, user, new ModelName(rest));
  }

  static String quoted(String text) {
    return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
