package dev.dbrace.cluster;

/**
 * Membership changes as the cluster manager sees them. Called on the cluster manager's event thread, one event at a time
 * and in order: an implementation must not block. Each method does nothing unless overridden.
 */
public interface ClusterListener {
  /** No-op listener. */
  ClusterListener NONE = new ClusterListener() {};

  /**
   * {@code member} joined; the cluster now has {@code members} members.
   */
  default void memberJoined(ClusterMember member, int members) {}

  /**
   * {@code member} left: it closed, or the cluster manager stopped hearing from it (a killed member at once, a hung one
   * after the missed heartbeats, see {@link HazelcastSettings}); the cluster now has {@code members} members.
   */
  default void memberLeft(ClusterMember member, int members) {}
}
