package io.caasoperator.app.juju;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A user secret's content from {@code key=value} arguments and {@code --file}, as Juju 3.6 reads
 * them ({@code core/secrets/secretvalue.go}'s {@code CreateSecretData} and {@code ReadSecretData},
 * called by {@code cmd/juju/secrets/common.go}): {@code key#base64=...} is already base64 (kept
 * decoded here), {@code key#file=PATH} takes the file's content, the file's keys (a YAML or JSON
 * map) override the arguments'. Keys as Juju's {@code keyRegExp}; at most 8 KiB a value and 64 KiB
 * in all.
 */
final class SecretContent {
  private SecretContent() {}

  private static final Pattern KEY = Pattern.compile("^([a-z](?:-?[a-z0-9]){2,})$");
  private static final int MAX_VALUE = 8 * 1024;
  private static final int MAX_CONTENT = 64 * 1024;

  /** The content; empty when neither arguments nor a file give any. */
  static Map<String, String> read(JujuContext context, List<String> args, String file) {
    Map<String, String> given = new LinkedHashMap<>();
    for (String arg : args) {
      // base64 padding is not where the value starts (CreateSecretData strips it first)
      String stripped = arg.replaceAll("=+$", "");
      int equals = stripped.indexOf('=');
      if (equals < 1)
        throw JujuFailure.usage("key value " + ModelReference.quoted(arg) + " not valid");
      String key = arg.substring(0, equals);
      String value = arg.substring(equals + 1);
      if (key.endsWith("#file")) {
        key = key.substring(0, key.length() - "#file".length());
        value =
            readFile(
                context.resolve(value),
                "reading content for secret key " + ModelReference.quoted(key));
      }
      given.put(key, value);
    }
    if (file != null) given.putAll(fromFile(context.resolve(file)));
    Map<String, String> content = new LinkedHashMap<>();
    int size = 0;
    for (Map.Entry<String, String> entry : given.entrySet()) {
      String key = entry.getKey();
      String value = entry.getValue();
      if (value.length() > MAX_VALUE)
        throw JujuFailure.usage(
            "secret content for key "
                + ModelReference.quoted(key)
                + " too large: "
                + value.length()
                + " bytes");
      size += value.length();
      if (key.endsWith("#base64")) {
        key = key.substring(0, key.length() - "#base64".length());
        try {
          value = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
          throw JujuFailure.usage("invalid base64 value for key " + ModelReference.quoted(key));
        }
      }
      if (!KEY.matcher(key).matches())
        throw JujuFailure.usage("key " + ModelReference.quoted(key) + " not valid");
      content.put(key, value);
    }
    if (size > MAX_CONTENT) throw JujuFailure.usage("secret content too large: " + size + " bytes");
    return content;
  }

  private static Map<String, String> fromFile(Path path) {
    String text = readFile(path, "cannot read " + path);
    try {
      // JSON is YAML: one reader for both, as ReadSecretData tries one then the other
      Map<String, Object> map =
          Output.YAML.readValue(text, new TypeReference<LinkedHashMap<String, Object>>() {});
      Map<String, String> values = new LinkedHashMap<>();
      if (map != null) map.forEach((k, v) -> values.put(k, v == null ? "" : String.valueOf(v)));
      return values;
    } catch (IOException e) {
      throw JujuFailure.usage(path + " is not a YAML map of secret keys to values");
    }
  }

  private static String readFile(Path path, String doing) {
    try {
      return Files.readString(path);
    } catch (IOException e) {
      throw JujuFailure.usage(doing + ": " + e.getClass().getSimpleName() + " " + path);
    }
  }
}
