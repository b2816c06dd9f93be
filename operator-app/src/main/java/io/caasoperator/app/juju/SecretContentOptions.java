package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * What {@code add-secret} and {@code update-secret} share (Juju's {@code
 * SecretUpsertContentCommand}, {@code cmd/juju/secrets/common.go}): the content's {@code key=value}
 * arguments after the secret, {@code --file} and {@code --info}.
 */
final class SecretContentOptions {

  @Option(names = "--file", paramLabel = "FILE", description = "A YAML file of keys and values.")
  String file;

  @Option(names = "--info", paramLabel = "TEXT", description = "The secret's description.")
  String info;

  /** The content {@code values} and the file give; empty when none ({@link SecretContent#read}). */
  Map<String, String> content(JujuContext context, List<String> values) {
    return SecretContent.read(context, values, file);
  }

  /** The request to {@code action} the secret {@code key}, with the description and any content. */
  ObjectNode request(String action, String key, Map<String, String> content) {
    ObjectNode request = SecretRequests.of(action, key);
    if (info != null) request.put("info", info);
    if (!content.isEmpty()) request.set("content", Output.JSON.valueToTree(content));
    return request;
  }
}
