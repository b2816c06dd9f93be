package io.caasoperator.substrate.kubernetes;

import io.caasoperator.metrics.OperatorMetrics.ApiRequests;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the substrate client's requests to the API server by verb and answer, for the {@code
 * caas_kubernetes_api_*} metrics: a fabric8 interceptor, so every request is seen, the informers'
 * lists and watches, the status writer's, the finalizer patches and the exec upgrades alike, each
 * retry of one as a request of its own. Counting costs an add; the scrape reads {@link #counts()}.
 * An attempt that got no answer is counted when the client retries it (fabric8 tells interceptors
 * no more), so an API server that stays away shows as a stream of such errors while the client's
 * retries (10 by default) last.
 *
 * <p>The verb is Kubernetes' own (as its audit log and RBAC name it), read from the method and the
 * path: a {@code GET} of a collection is {@code list}, with {@code watch=true} {@code watch}; exec,
 * attach, port-forward and proxy are {@code connect}.
 */
public final class KubernetesApiRequests implements Interceptor {

  /** The interceptor's name in the client. */
  public static final String NAME = "caas-operator-metrics";

  private static final Set<String> CONNECT = Set.of("exec", "attach", "portforward", "proxy");

  private record Key(String verb, String code) {}

  private final Map<Key, LongAdder> counts = new ConcurrentHashMap<>();

  /**
   * WebSocket upgrades (exec) already counted: fabric8 reports a refused upgrade to {@code after}
   * more than once. Bounded; only ids of upgrades are kept.
   */
  private final Set<UUID> upgrades =
      Collections.synchronizedSet(
          Collections.newSetFromMap(
              new LinkedHashMap<>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<UUID, Boolean> eldest) {
                  return size() > 256;
                }
              }));

  @Override
  public void after(
      HttpRequest request,
      HttpResponse<?> response,
      AsyncBody.Consumer<List<ByteBuffer>> consumer) {
    // fabric8 passes no body consumer for a WebSocket upgrade
    if (consumer == null && request.id() != null && !upgrades.add(request.id())) return;
    count(verb(request.method(), request.uri()), Integer.toString(response.code()));
  }

  @Override
  public void afterConnectionFailure(HttpRequest request, Throwable failure) {
    count(verb(request.method(), request.uri()), ApiRequests.NO_ANSWER);
  }

  private void count(String verb, String code) {
    counts.computeIfAbsent(new Key(verb, code), k -> new LongAdder()).increment();
  }

  /** Every verb and answer seen so far with its count, in a stable order. */
  public List<ApiRequests> counts() {
    return counts.entrySet().stream()
        .map(e -> new ApiRequests(e.getKey().verb(), e.getKey().code(), e.getValue().sum()))
        .sorted(Comparator.comparing(ApiRequests::verb).thenComparing(ApiRequests::code))
        .toList();
  }

  /** Kubernetes' verb for a request. Pure. */
  static String verb(String method, URI uri) {
    List<String> path =
        Arrays.stream(uri.getRawPath() == null ? new String[0] : uri.getRawPath().split("/"))
            .filter(s -> !s.isEmpty())
            .toList();
    boolean connect = !path.isEmpty() && CONNECT.contains(path.getLast());
    return switch (method.toUpperCase(Locale.ROOT)) {
      case "GET" -> connect ? "connect" : watches(uri) ? "watch" : named(path) ? "get" : "list";
      case "POST" -> connect ? "connect" : "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> named(path) ? "delete" : "deletecollection";
      default -> "other";
    };
  }

  private static boolean watches(URI uri) {
    String query = uri.getRawQuery();
    if (query == null) return false;
    return Arrays.stream(query.split("&"))
        .anyMatch(p -> p.equals("watch=true") || p.equals("watch=1"));
  }

  /**
   * True when the path names one object (or its subresource) rather than a collection: {@code
   * /api/v1/namespaces/NS/pods/NAME}, {@code /apis/GROUP/VERSION/namespaces/NS/KIND/NAME/status};
   * discovery paths ({@code /api}, {@code /version}) count as one object too.
   */
  private static boolean named(List<String> path) {
    int start;
    if (path.size() >= 2 && path.get(0).equals("api")) {
      start = 2;
    } else if (path.size() >= 3 && path.get(0).equals("apis")) {
      start = 3;
    } else {
      return true;
    }
    List<String> rest = path.subList(start, path.size());
    if (rest.size() >= 3 && rest.get(0).equals("namespaces")) rest = rest.subList(2, rest.size());
    return rest.size() != 1;
  }
}
