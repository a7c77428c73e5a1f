/**
 * Fault runs ({@code --faults}): the plan, the TCP proxy and injector, {@code FaultProbe} (their
 * {@code RunProbe}), and {@code FaultAnalysis} (recovery times and the ledger check).
 */
package dev.dbrace.runner.fault;
