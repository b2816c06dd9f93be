package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * The custom resource {@code applications.caasoperator.org/v1} that specifies one charmed
 * application on Kubernetes; its name is the application's name. The operator reads {@code spec}
 * and writes {@code status} (a status subresource, so users editing the spec and the operator
 * writing status never overwrite each other). The CRD is {@code conf/kubernetes/crd.yaml}; it still
 * serves {@code v1alpha1}, with the same schema, so resources written as {@code v1alpha1} are read
 * here unchanged (the API server converts by rewriting {@code apiVersion} alone).
 */
@Group(Application.GROUP)
@Version(Application.VERSION)
@Kind("Application")
@Plural("applications")
@Singular("application")
public final class Application extends CustomResource<ApplicationSpec, ApplicationStatus>
    implements Namespaced {

  public static final String GROUP = "caasoperator.org";
  public static final String VERSION = "v1";

  /** The resource of {@code application} in {@code namespace}, to read, watch or edit. */
  static Resource<Application> of(
      KubernetesClient client, String namespace, ApplicationName application) {
    return client.resources(Application.class).inNamespace(namespace).withName(application.value());
  }
}
