/**
 * What travels on dbrace's event bus: one record per message, as JSON ({@link dev.dbrace.cluster.wire.Wire}), and the
 * addresses they go to ({@link dev.dbrace.cluster.wire.Addresses}). JSON rather than Java serialization, so a member of
 * another build still reads the hello it must refuse.
 */
package dev.dbrace.cluster.wire;
