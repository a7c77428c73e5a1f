/**
 * The command line: {@link dev.dbrace.cli.Main} (the entry point, picocli) and one class per command
 * ({@code run}, {@code curve}, {@code capacity}, {@code serve-race}, {@code serve}, {@code experiment}, {@code report},
 * {@code compare}, {@code list}, {@code validate}, {@code db}, {@code agent}, {@code cluster-key}: dbrace-cluster's);
 * the option groups every racing command mixes in
 * ({@code DatabaseOptions}, {@code LoadOptions}, {@code StackOptions}, {@code GuardOptions}, {@code RaceOptions}) and
 * {@link dev.dbrace.cli.RequestResolver}, which layers defaults, a scenario file and the command line into one
 * {@link dev.dbrace.runner.RaceRequest}; picocli's converters, each a line over the runner's parser. Nothing here
 * measures: it hands the request to the runner (dbrace-runner) with the console ({@code cli.console}) as its output.
 */
package dev.dbrace.cli;
