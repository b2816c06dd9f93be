package io.caasoperator.domain;

import java.util.List;
import java.util.Objects;

/**
 * A unit's network addresses as its substrate knows them now: what {@code unit-get} and {@code
 * network-get} answer (Juju: {@code apiserver/facades/agent/uniter/networkinfocaas.go} for
 * Kubernetes units).
 *
 * @param interfaces where the unit listens ({@code network-get}'s {@code bind-addresses}); empty
 *     when not known yet (a pod without an IP)
 * @param ingressAddresses what the unit advertises for incoming connections, best first
 * @param egressSubnets where its outgoing traffic comes from, in CIDR notation
 * @param privateAddress {@code unit-get private-address}; empty when not known yet
 * @param publicAddress {@code unit-get public-address}; empty when not known yet
 */
public record UnitAddresses(
    List<NetworkInterface> interfaces,
    List<String> ingressAddresses,
    List<String> egressSubnets,
    String privateAddress,
    String publicAddress) {

  /**
   * One interface with its addresses. On Kubernetes Juju knows neither the name nor the MAC address
   * of a pod's interface and leaves both empty, as it leaves each address's CIDR.
   */
  public record NetworkInterface(String name, String macAddress, List<Address> addresses) {
    public NetworkInterface {
      name = name == null ? "" : name;
      macAddress = macAddress == null ? "" : macAddress;
      addresses = List.copyOf(addresses);
    }
  }

  /**
   * @param cidr the subnet in CIDR notation, empty when not known
   */
  public record Address(String value, String cidr) {
    public Address {
      Objects.requireNonNull(value, "value");
      cidr = cidr == null ? "" : cidr;
    }
  }

  /** A substrate that knows nothing of the unit yet (a pod not scheduled): nothing to answer. */
  public static final UnitAddresses UNKNOWN =
      new UnitAddresses(List.of(), List.of(), List.of(), "", "");

  public UnitAddresses {
    interfaces = List.copyOf(interfaces);
    ingressAddresses = List.copyOf(ingressAddresses);
    egressSubnets = List.copyOf(egressSubnets);
    privateAddress = privateAddress == null ? "" : privateAddress;
    publicAddress = publicAddress == null ? "" : publicAddress;
  }

  /**
   * A Kubernetes unit as Juju 3.6 describes it (networkinfocaas.go): the pod's IP is its one bind
   * address (no interface name, MAC or CIDR); the application's Service address, when there is one,
   * is the ingress address and the unit's private and public address; otherwise the pod IP is.
   * Egress is the first ingress address as a /32 (/128 for IPv6).
   *
   * <p>A Service of type LoadBalancer with an external address makes that the public address.
   *
   * @param podIp the pod's IP, or null/empty when the pod has none yet
   * @param serviceAddress the Service's cluster IP, or null/empty when there is none
   * @param externalAddress the Service's load balancer address, or null/empty when there is none
   */
  public static UnitAddresses kubernetes(
      String podIp, String serviceAddress, String externalAddress) {
    boolean pod = podIp != null && !podIp.isEmpty();
    boolean service = serviceAddress != null && !serviceAddress.isEmpty();
    if (!pod && !service) return UNKNOWN;
    List<NetworkInterface> bind =
        pod ? List.of(new NetworkInterface("", "", List.of(new Address(podIp, "")))) : List.of();
    String ingress = service ? serviceAddress : podIp;
    String external =
        externalAddress == null || externalAddress.isEmpty() ? ingress : externalAddress;
    return new UnitAddresses(bind, List.of(ingress), List.of(asCidr(ingress)), ingress, external);
  }

  /** Juju's {@code network.FormatAsCIDR} for one address: {@code a.b.c.d/32}, IPv6 {@code /128}. */
  public static String asCidr(String address) {
    return address + (address.contains(":") ? "/128" : "/32");
  }

  /** Where a substrate answers a unit's addresses, at once, from what it already knows. */
  @FunctionalInterface
  public interface Source {
    UnitAddresses of(UnitId unit);
  }
}
