package io.caasoperator.app.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.List;
import org.slf4j.event.KeyValuePair;

/**
 * {@code %fields{stderr}} in a text pattern: the record's key-value pairs of those keys, each as
 * {@code key="value"} with line breaks and quotes escaped as in JSON. A failed hook's output (many
 * lines) then stays on its record's one line, where {@code grep} and line-based collectors see it
 * with its time, level and unit; before, it followed as lines with no prefix at all. The other
 * pairs (unit, hook, context id) are already in the message text and appear only in JSON.
 */
public final class FieldsConverter extends ClassicConverter {
  private List<String> keys = List.of();

  @Override
  public void start() {
    List<String> options = getOptionList();
    keys = options == null ? List.of() : List.copyOf(options);
    super.start();
  }

  @Override
  public String convert(ILoggingEvent event) {
    List<KeyValuePair> pairs = event.getKeyValuePairs();
    if (pairs == null || pairs.isEmpty()) return "";
    StringBuilder out = new StringBuilder();
    for (String key : keys) {
      for (KeyValuePair pair : pairs) {
        if (key.equals(pair.key) && pair.value != null) {
          out.append(' ')
              .append(key)
              .append("=\"")
              .append(JsonStringEncoder.getInstance().quoteAsString(String.valueOf(pair.value)))
              .append('"');
        }
      }
    }
    return out.toString();
  }
}
