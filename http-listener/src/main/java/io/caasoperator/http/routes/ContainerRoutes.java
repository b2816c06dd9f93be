package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.pebble.checks.CheckHealth;
import io.caasoperator.pebble.services.LogEntry;
import io.caasoperator.pebble.services.ServiceInfo;
import io.caasoperator.workload.ContainerView;
import io.caasoperator.workload.UnitContainers;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * The local substrate's unit containers, as their Pebbles show them: {@code GET
 * /v1/units/{app}/{n}/containers} (services and checks of each), and {@code GET
 * /v1/units/{app}/{n}/containers/{c}/logs?service=S&n=N} (a service's last output lines, kept
 * bounded by its Pebble; plain text, one line each: time, {@code [service]}, the line).
 */
public final class ContainerRoutes {
  /** Lines a log request returns unless it asks for another number. */
  static final int DEFAULT_LINES = 100;

  /** A unit's containers. */
  public record ContainersView(String unit, List<Container> containers) {}

  /**
   * One container: whether its Pebble answers, its boot id, its services and checks, where its
   * socket is on this machine, and why its Pebble cannot start while it cannot (else empty).
   */
  public record Container(
      String name,
      boolean ready,
      String bootId,
      List<Service> services,
      List<Check> checks,
      String socket,
      String problem) {}

  /** A service as {@code pebble services} shows it. */
  public record Service(String name, String startup, String current, Optional<Instant> since) {}

  /** A check as {@code pebble checks} shows it. */
  public record Check(String name, String level, String status, int failures, int threshold) {}

  private final UnitContainers containers;
  private final ObjectMapper json;

  /**
   * @param containers the Pebbles of this process's unit containers (the local substrate's), which
   *     answer within the listener's ask timeout
   */
  public ContainerRoutes(UnitContainers containers, ObjectMapper json) {
    this.containers = containers;
    this.json = json;
  }

  public Route route() {
    return UnitPath.prefix(
        (app, n) ->
            pathPrefix(
                "containers",
                () ->
                    UnitPath.unit(
                        app,
                        n,
                        unit ->
                            concat(
                                pathEndOrSingleSlash(() -> get(() -> containers(unit))),
                                path(
                                    PathMatchers.segment().slash("logs"),
                                    container ->
                                        get(
                                            () ->
                                                parameterOptional(
                                                    "service",
                                                    service ->
                                                        parameterOptional(
                                                            "n",
                                                            lines ->
                                                                logs(
                                                                    unit, container, service,
                                                                    lines)))))))));
  }

  private Route containers(UnitId unit) {
    CompletionStage<ContainersView> view =
        containers
            .views(unit)
            .thenApply(
                found ->
                    new ContainersView(
                        unit.name(), found.stream().map(ContainerRoutes::shown).toList()));
    return onSuccess(view, v -> complete(StatusCodes.OK, v, Jackson.marshaller(json)));
  }

  private static Container shown(ContainerView view) {
    return new Container(
        view.container(),
        view.ready(),
        view.bootId(),
        view.services().stream().map(ContainerRoutes::shown).toList(),
        view.checks().stream().map(ContainerRoutes::shown).toList(),
        view.socket(),
        view.problem());
  }

  private static Service shown(ServiceInfo s) {
    return new Service(s.name(), s.startup(), s.current().wire(), s.currentSince());
  }

  private static Check shown(CheckHealth c) {
    return new Check(c.name(), c.level(), c.status().wire(), c.failures(), c.threshold());
  }

  private Route logs(
      UnitId unit, String container, Optional<String> service, Optional<String> linesText) {
    int lines;
    try {
      lines = linesText.map(Integer::parseInt).orElse(DEFAULT_LINES);
    } catch (NumberFormatException e) {
      return JsonErrors.complete(
          ApiError.badRequest("n must be a number of lines, got \"" + linesText.get() + "\""));
    }
    CompletionStage<Optional<List<LogEntry>>> reply =
        containers.logs(unit, container, service, lines);
    return onSuccess(
        reply,
        entries ->
            entries.isEmpty()
                ? JsonErrors.complete(
                    ApiError.notFound(
                        "unit " + unit + " has no container \"" + container + "\" here"))
                : complete(HttpEntities.create(ContentTypes.TEXT_PLAIN_UTF8, text(entries.get()))));
  }

  /** As {@code pebble logs} prints them. */
  static String text(List<LogEntry> entries) {
    StringBuilder out = new StringBuilder();
    for (LogEntry e : entries)
      out.append(e.time())
          .append(" [")
          .append(e.service())
          .append("] ")
          .append(e.message())
          .append('\n');
    return out.toString();
  }
}
