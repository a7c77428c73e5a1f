package dev.dbrace.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;

/**
 * The Hazelcast configuration of a member: vertx-hazelcast's own (its maps for subscriptions and node information), a
 * fixed cluster name, this member's interface and port only, and TCP-IP join with an explicit member list. Nothing is
 * discovered by broadcast and nothing phones home. A killed member is seen leaving when its connections drop; a hung one
 * after {@value #MAX_NO_HEARTBEAT_SECONDS} s without a heartbeat (Hazelcast's default is 60 s).
 */
final class HazelcastSettings {
  static final int HEARTBEAT_SECONDS = 1;
  static final int MAX_NO_HEARTBEAT_SECONDS = 5;
  /** How soon two clusters that should be one (members started before the member they join) look for each other. */
  static final int MERGE_DELAY_SECONDS = 5;
  /** Hazelcast's partitions: every member of a cluster must have the same count (Hazelcast's default is 271). */
  static final int PARTITIONS = 7;

  private HazelcastSettings() {}

  static Config of(ClusterSettings settings) {
    Config config = ConfigUtil.loadConfig();
    config.setClusterName(settings.clusterName());
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.socket.bind.any", "false");
    config.setProperty("hazelcast.heartbeat.interval.seconds", String.valueOf(HEARTBEAT_SECONDS));
    config.setProperty("hazelcast.max.no.heartbeat.seconds", String.valueOf(MAX_NO_HEARTBEAT_SECONDS));
    // a joining member waits this long for others before it settles (defaults 5 s / 20 s)
    config.setProperty("hazelcast.wait.seconds.before.join", "1");
    config.setProperty("hazelcast.max.wait.seconds.before.join", "2");
    // a member that started alone looks for the members of its list this soon (defaults 300 s / 120 s)
    config.setProperty("hazelcast.merge.first.run.delay.seconds", String.valueOf(MERGE_DELAY_SECONDS));
    config.setProperty("hazelcast.merge.next.run.delay.seconds", String.valueOf(MERGE_DELAY_SECONDS));
    // its own diagnostics run in every member while the agents measure and are read by nobody here: off
    config.getMetricsConfig().setEnabled(false);
    config.setProperty("hazelcast.health.monitoring.level", "OFF");
    config.setProperty("hazelcast.slow.operation.detector.enabled", "false");
    // background work that scales with the partitions (anti-entropy, expiry scans) or runs every second for data
    // structures dbrace does not use (CRDT replication): a cluster of a few members holding a few hundred entries
    // (Vert.x's subscriptions) needs neither 271 partitions nor a replication each second
    config.setProperty("hazelcast.partition.count", String.valueOf(PARTITIONS));
    config.getCRDTReplicationConfig().setReplicationPeriodMillis(60_000);

    NetworkConfig network = config.getNetworkConfig();
    network.setPort(settings.port()).setPortAutoIncrement(false);
    network.getInterfaces().setEnabled(true).addInterface(settings.bind().getHostAddress());
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getTcpIpConfig().setEnabled(true).addMember(settings.self().toString());
    settings.join().forEach(member -> join.getTcpIpConfig().addMember(member.toString()));
    return config;
  }
}
