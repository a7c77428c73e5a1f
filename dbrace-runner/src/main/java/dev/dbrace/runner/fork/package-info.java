/**
 * Forking and watching a worker JVM: {@code RunExecutor} (one run, its watchdogs), {@code WorkerProcess} (the
 * process and its JSON-lines protocol), and where a stack's classpath comes from ({@code StackCatalog},
 * {@code ModuleClasspath}).
 */
package dev.dbrace.runner.fork;
