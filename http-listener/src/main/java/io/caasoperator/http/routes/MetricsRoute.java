package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.HttpCharsets;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * {@code GET /metrics}: the operator's metrics ({@code OperatorMetrics}) in Prometheus' text
 * format. Open like the probes: a scraper carries no token, and it tells counts, not contents.
 */
public final class MetricsRoute {
  private static final ContentType TEXT_FORMAT =
      MediaTypes.TEXT_PLAIN.toContentType(HttpCharsets.UTF_8);

  private MetricsRoute() {}

  public static Route of(PrometheusRegistry registry) {
    PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    return path(
        "metrics",
        () ->
            get(
                () -> {
                  ByteArrayOutputStream body = new ByteArrayOutputStream();
                  try {
                    writer.write(body, registry.scrape());
                  } catch (IOException e) {
                    throw new UncheckedIOException(e); // a byte array does not fail
                  }
                  // plain text is the format's type; Prometheus reads it as version 0.0.4
                  return complete(
                      HttpResponse.create()
                          .withEntity(HttpEntities.create(TEXT_FORMAT, body.toByteArray())));
                }));
  }
}
