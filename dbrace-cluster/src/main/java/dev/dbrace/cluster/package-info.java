/**
 * Several hosts, one race: a {@link dev.dbrace.cluster.ClusterNode} joins Vert.x's clustered event bus (Hazelcast as
 * the cluster manager) with TLS from the {@link dev.dbrace.cluster.ClusterKey}; an {@link dev.dbrace.cluster.Agent}
 * announces itself to the controller's {@link dev.dbrace.cluster.Agents}, which accepts agents of its own
 * {@link dev.dbrace.cluster.BuildId} only. What travels is in {@code dev.dbrace.cluster.wire}.
 */
package dev.dbrace.cluster;
