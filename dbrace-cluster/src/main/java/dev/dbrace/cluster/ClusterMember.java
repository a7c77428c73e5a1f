package dev.dbrace.cluster;

/**
 * A member of the cluster as its membership events tell it.
 *
 * @param nodeId the member's Vert.x node id: the id an {@link Agent} announces itself with
 * @param endpoint its cluster-manager address
 */
public record ClusterMember(String nodeId, Endpoint endpoint) {
  @Override
  public String toString() {
    return endpoint + " (" + nodeId + ")";
  }
}
