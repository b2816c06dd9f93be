package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.metrics.OperatorMetrics.ApiRequests;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The client's requests by Kubernetes verb and answer: the verb rule (pure), then a real client
 * against the CRUD mock.
 */
class KubernetesApiRequestsTest {

  private static String verb(String method, String uri) {
    return KubernetesApiRequests.verb(method, URI.create("https://api.example:6443" + uri));
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @CsvSource(
      textBlock =
          """
          GET,      /api/v1/namespaces/demo/pods/mariadb-0,                                                  get
          GET,      /api/v1/namespaces/demo/pods?labelSelector=app,                                          list
          GET,      /api/v1/namespaces/demo/pods?labelSelector=app&watch=true&resourceVersion=7,             watch
          GET,      /apis/caasoperator.org/v1/namespaces/demo/applications?fieldSelector=metadata.name%3Dx,  list
          GET,      /apis/caasoperator.org/v1/namespaces/demo/applications/mariadb/status,                   get
          PUT,      /apis/caasoperator.org/v1/namespaces/demo/applications/mariadb/status,                   update
          PATCH,    /api/v1/namespaces/demo/pods/mariadb-0,                                                  patch
          POST,     /api/v1/namespaces/demo/events,                                                          create
          DELETE,   /api/v1/namespaces/demo/pods/mariadb-0,                                                  delete
          DELETE,   /api/v1/namespaces/demo/pods,                                                            deletecollection
          GET,      /api/v1/namespaces/demo/pods/mariadb-0/exec?command=sh&stdout=true,                      connect
          GET,      /api/v1/namespaces/demo,                                                                 get
          GET,      /api/v1/namespaces,                                                                      list
          GET,      /version,                                                                                get
          OPTIONS,  /api,                                                                                    other
          """)
  void theVerbIsKubernetesOwnForEachMethodAndPath(String method, String path, String expected) {
    assertThat(verb(method, path)).isEqualTo(expected);
  }

  @Test
  void everyRequestOfARealClientIsCountedByVerbAndStatusCode() throws Exception {
    KubernetesMockServer server = CrudApiServer.started();
    KubernetesApiRequests requests = new KubernetesApiRequests();
    try (KubernetesClient client =
        server.createClient(
            builder ->
                builder.withHttpClientBuilderConsumer(
                    http -> http.addOrReplaceInterceptor(KubernetesApiRequests.NAME, requests)))) {
      var configMaps = client.configMaps().inNamespace("demo");
      configMaps
          .resource(
              new ConfigMapBuilder()
                  .withNewMetadata()
                  .withName("a")
                  .endMetadata()
                  .withData(Map.of("k", "v"))
                  .build())
          .create();
      configMaps.withName("a").get();
      configMaps.withName("missing").get(); // null: a 404 the client expects
      configMaps.list();
      configMaps
          .withName("a")
          .edit(
              c -> {
                c.getData().put("k", "w");
                return c;
              });
      configMaps.withName("a").delete();
    } finally {
      server.destroy();
    }
    assertThat(requests.counts())
        .contains(
            new ApiRequests("create", "201", 1),
            new ApiRequests("get", "404", 1),
            new ApiRequests("list", "200", 1),
            new ApiRequests("delete", "200", 1));
    assertThat(requests.counts())
        .filteredOn(r -> r.verb().equals("patch"))
        .singleElement()
        .satisfies(r -> assertThat(r.code()).startsWith("2")); // the mock answers 202
    assertThat(requests.counts())
        .filteredOn(r -> r.verb().equals("get") && r.code().equals("200"))
        .singleElement()
        .satisfies(r -> assertThat(r.count()).isGreaterThanOrEqualTo(1));
  }

  @Test
  void anAttemptThatGetsNoAnswerIsCountedAsAnError() {
    KubernetesApiRequests requests = new KubernetesApiRequests();
    // Port 1 on loopback: refused at once. fabric8 tells interceptors of a failed attempt it
    // retries (the last attempt of a request it gives up on goes unseen): one retry here.
    try (KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(
                new io.fabric8.kubernetes.client.ConfigBuilder()
                    .withMasterUrl("http://127.0.0.1:1")
                    .withRequestRetryBackoffLimit(1)
                    .withRequestRetryBackoffInterval(10)
                    .build())
            .withHttpClientBuilderConsumer(
                http -> http.addOrReplaceInterceptor(KubernetesApiRequests.NAME, requests))
            .build()) {
      assertThatThrownBy(() -> client.pods().inNamespace("demo").withName("p").get())
          .isInstanceOf(KubernetesClientException.class);
    }
    assertThat(requests.counts()).containsExactly(new ApiRequests("get", ApiRequests.NO_ANSWER, 1));
  }
}
