/**
 * Runs that agents share ({@code --agents}): what an agent reports of its part ({@link
 * dev.dbrace.runner.shared.PartReport}) and how the parts become the run's figures ({@link
 * dev.dbrace.runner.shared.SharedOutcome}). The transport — the cluster, its membership and messages — is the
 * {@code dbrace-cluster} module's; nothing here knows it.
 */
package dev.dbrace.runner.shared;
